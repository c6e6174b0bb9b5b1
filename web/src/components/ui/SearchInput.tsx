import { useEffect, useId, useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@planted/domain';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * A search box that reports its text once typing pauses (300 ms), not on every key; the clear
 * button reports at once. It takes at most the search length the API accepts (a longer paste is
 * cut there), so a search never fails for its length.
 */
export function SearchInput({
  onSearch,
  label,
  initialValue = '',
  testId,
}: {
  onSearch: (text: string) => void;
  label?: string;
  initialValue?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState(initialValue);
  const settled = useDebouncedValue(text);
  const reported = useRef(initialValue);
  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  });
  useEffect(() => {
    if (settled === reported.current) return;
    reported.current = settled;
    report.current(settled);
  }, [settled]);
  // The search changed from outside (filters cleared, Back to an address with another search):
  // the box shows it, and does not report it back.
  useEffect(() => {
    if (initialValue === reported.current) return;
    reported.current = initialValue;
    setText(initialValue);
  }, [initialValue]);

  return (
    <TextField
      id={`${id}-search`}
      type="search"
      // The clear button below is the one: Chromium and Safari would draw their own beside it.
      sx={{ '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none', display: 'none' } }}
      label={label ?? t('search.label')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      margin="none"
      slotProps={{
        htmlInput: { 'data-testid': testId, maxLength: LIMITS.searchMax },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                aria-label={t('search.clear')}
                onClick={() => {
                  setText('');
                  reported.current = '';
                  report.current('');
                }}
                edge="end"
              >
                <ClearIcon />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

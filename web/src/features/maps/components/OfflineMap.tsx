import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type WheelEvent,
} from 'react';
import { Box, ButtonBase, IconButton, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useTranslation } from 'react-i18next';
import { loadBasemap, type Basemap } from '../basemap';
import {
  DEFAULT_ZOOM,
  LONDON,
  MAX_ZOOM,
  MIN_ZOOM,
  OFFLINE_MAX_FIT_ZOOM,
  fitView,
  project,
  spreadMarkers,
  unproject,
  type LatLng,
  type MapView,
} from '../map-markers';

export interface MapMarker {
  key: string;
  label: string;
  position: LatLng;
  /** Read by screen readers: what the marker stands for. */
  description: string;
}

const PAN_STEP = 80;

function useSize(ref: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 800, height: 480 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setSize({ width: element.clientWidth, height: element.clientHeight });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * A map that works with no key and no internet: Natural Earth coastlines and borders from the
 * app's own files, in Web Mercator, with numbered markers as buttons. Drag or use the arrow keys
 * to pan; the wheel, double-click, + and − to zoom.
 */
export function OfflineMap({
  markers,
  fitTo,
  selected,
  onSelect,
  label,
  height = { xs: 380, md: 560 },
}: {
  markers: readonly MapMarker[];
  /**
   * Positions to fit the view to (spec §9: London at zoom 9 when empty, at most zoom 12);
   * null while loading (London at zoom 6).
   */
  fitTo: readonly LatLng[] | null;
  selected: string | null;
  onSelect: (key: string) => void;
  label: string;
  height?: number | { xs: number; md: number };
}) {
  const { t } = useTranslation('maps');
  const box = useRef<HTMLDivElement>(null);
  const size = useSize(box);
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  const [basemapFailed, setBasemapFailed] = useState(false);
  // The user's own pan and zoom hold until the markers to fit (or the map's size) change.
  const fitKey = `${size.width}x${size.height}|${fitTo === null ? 'loading' : fitTo.map(({ lat, lng }) => `${lat},${lng}`).join(';')}`;
  const fitted = useMemo<MapView>(
    () =>
      fitTo === null
        ? { center: LONDON, zoom: DEFAULT_ZOOM }
        : fitView(fitTo, size, { maxZoom: OFFLINE_MAX_FIT_ZOOM }),
    // fitKey stands for fitTo's content and the size.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fitKey],
  );
  const [moved, setMoved] = useState<{ key: string; view: MapView } | null>(null);
  const current = moved?.key === fitKey ? moved.view : fitted;
  const setCurrent = (next: MapView | ((view: MapView) => MapView)) =>
    setMoved((previous) => {
      const base = previous?.key === fitKey ? previous.view : fitted;
      return { key: fitKey, view: typeof next === 'function' ? next(base) : next };
    });
  const drag = useRef<{ x: number; y: number; center: [number, number] } | null>(null);

  useEffect(() => {
    let live = true;
    loadBasemap()
      .then((loaded) => live && setBasemap(loaded))
      .catch((error: unknown) => {
        console.error('Failed to load the basemap', error);
        if (live) setBasemapFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const scale = 2 ** current.zoom;
  const [cx, cy] = project(current.center);
  const toScreen = (position: LatLng): [number, number] => {
    const [x, y] = project(position);
    return [(x - cx) * scale + size.width / 2, (y - cy) * scale + size.height / 2];
  };

  // Markers that would cover each other (sites placed by town share a position, or nearby
  // towns at this zoom) fan out around the first of them.
  const placed = useMemo(() => {
    const offsets = spreadMarkers(
      markers.map((marker) => {
        const [x, y] = project(marker.position);
        return [x * scale, y * scale];
      }),
    );
    return markers.map((marker, i) => ({ marker, ...offsets[i]! }));
  }, [markers, scale]);

  const zoomAt = (zoom: number, screen?: [number, number]) => {
    const next = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
    if (next === current.zoom) return;
    const [sx, sy] = screen ?? [size.width / 2, size.height / 2];
    // Keep the point under the pointer where it is.
    const px = cx + (sx - size.width / 2) / scale;
    const py = cy + (sy - size.height / 2) / scale;
    const nextScale = 2 ** next;
    const center = unproject([
      px - (sx - size.width / 2) / nextScale,
      py - (sy - size.height / 2) / nextScale,
    ]);
    setCurrent({ center, zoom: next });
  };
  const panBy = (dx: number, dy: number) =>
    setCurrent((view) => {
      const [x, y] = project(view.center);
      const s = 2 ** view.zoom;
      return { ...view, center: unproject([x + dx / s, y + dy / s]) };
    });

  const local = (event: { clientX: number; clientY: number }): [number, number] => {
    const rect = box.current?.getBoundingClientRect();
    return [event.clientX - (rect?.left ?? 0), event.clientY - (rect?.top ?? 0)];
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, center: [cx, cy] };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const center = unproject([
      start.center[0] - (event.clientX - start.x) / scale,
      start.center[1] - (event.clientY - start.y) / scale,
    ]);
    setCurrent((view) => ({ ...view, center }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY === 0) return;
    zoomAt(current.zoom + (event.deltaY < 0 ? 1 : -1), local(event));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    if (moves[event.key]) {
      event.preventDefault();
      panBy(...moves[event.key]);
    } else if (event.key === '+' || event.key === '=') zoomAt(current.zoom + 1);
    else if (event.key === '-') zoomAt(current.zoom - 1);
  };

  const translate = `translate(${size.width / 2 - cx * scale} ${size.height / 2 - cy * scale}) scale(${scale})`;
  return (
    <Box
      ref={box}
      role="region"
      aria-label={label}
      aria-roledescription={t('map.roleDescription')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onWheel={onWheel}
      onDoubleClick={(event) => {
        if (!(event.target as HTMLElement).closest('button')) zoomAt(current.zoom + 1, local(event));
      }}
      data-testid="offline-map"
      data-zoom={current.zoom}
      data-center={`${current.center.lat.toFixed(4)},${current.center.lng.toFixed(4)}`}
      sx={{
        position: 'relative',
        height,
        overflow: 'hidden',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: '#b9d3e6',
        touchAction: 'none',
        cursor: 'grab',
        '&:active': { cursor: 'grabbing' },
        userSelect: 'none',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <svg width={size.width} height={size.height} aria-hidden focusable="false" style={{ display: 'block' }}>
        {basemap && (
          <g transform={translate} data-testid="basemap">
            <path
              d={basemap.land}
              fill="#f4f1e8"
              stroke="#8a9a8a"
              strokeWidth={0.8}
              vectorEffect="non-scaling-stroke"
            />
            <path
              d={basemap.borders}
              fill="none"
              stroke="#9b8fa8"
              strokeWidth={0.8}
              strokeDasharray="3 2"
              vectorEffect="non-scaling-stroke"
            />
          </g>
        )}
        {/* A marker moved off a crowded spot is tied to its true place by a line and a dot, so it
            is never read as standing where it was drawn (AQ-3: far from its town when zoomed out). */}
        {placed
          .filter(({ dx, dy }) => dx !== 0 || dy !== 0)
          .map(({ marker, dx, dy }) => {
            const [x, y] = toScreen(marker.position);
            return (
              <g key={marker.key} data-testid="map-leader">
                <line x1={x} y1={y} x2={x + dx} y2={y + dy} stroke="#37474f" strokeWidth={1.5} />
                <circle cx={x} cy={y} r={3.5} fill="#37474f" stroke="#fff" strokeWidth={1} />
              </g>
            );
          })}
      </svg>
      {placed.map(({ marker, dx, dy }) => {
        const [x, y] = toScreen(marker.position);
        const active = marker.key === selected;
        return (
          <ButtonBase
            key={marker.key}
            onClick={() => onSelect(marker.key)}
            aria-label={marker.description}
            aria-pressed={active}
            data-testid="map-marker"
            data-number={marker.label}
            sx={{
              position: 'absolute',
              left: x + dx,
              top: y + dy,
              transform: 'translate(-50%, -50%)',
              width: 32,
              height: 32,
              borderRadius: '50%',
              bgcolor: active ? 'secondary.main' : 'primary.main',
              color: 'primary.contrastText',
              border: '2px solid #fff',
              boxShadow: 2,
              fontWeight: 700,
              fontSize: 14,
              '&:focus-visible': { outline: '3px solid #000', outlineOffset: 1 },
            }}
          >
            {marker.label}
          </ButtonBase>
        );
      })}
      <Paper sx={{ position: 'absolute', right: 8, top: 8, display: 'flex', flexDirection: 'column' }}>
        <IconButton
          aria-label={t('map.zoomIn')}
          onClick={() => zoomAt(current.zoom + 1)}
          disabled={current.zoom >= MAX_ZOOM}
        >
          <AddIcon />
        </IconButton>
        <IconButton
          aria-label={t('map.zoomOut')}
          onClick={() => zoomAt(current.zoom - 1)}
          disabled={current.zoom <= MIN_ZOOM}
        >
          <RemoveIcon />
        </IconButton>
      </Paper>
      <Typography
        variant="caption"
        sx={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          px: 0.75,
          bgcolor: 'rgba(255,255,255,0.85)',
          color: '#333',
        }}
      >
        {basemapFailed ? t('map.basemapFailed') : t('map.attribution')}
      </Typography>
    </Box>
  );
}

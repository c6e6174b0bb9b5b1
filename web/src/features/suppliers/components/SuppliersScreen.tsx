import { UnderConstruction } from '../../../components/ui/UnderConstruction';

/** Placeholder until the screen of spec §2 is built; it shows no invented data. */
export function SuppliersScreen() {
  return <UnderConstruction titleKey="screens.suppliers" />;
}

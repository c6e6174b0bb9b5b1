import { UnderConstruction } from '../../../components/ui/UnderConstruction';

/** Placeholder until the screen of spec §2 is built; it shows no invented data. */
export function EquipmentScreen() {
  return <UnderConstruction titleKey="screens.equipment" />;
}

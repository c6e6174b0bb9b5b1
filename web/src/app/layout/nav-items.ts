import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import AssignmentIcon from '@mui/icons-material/Assignment';
import ConstructionIcon from '@mui/icons-material/Construction';
import PlaceIcon from '@mui/icons-material/Place';
import StorefrontIcon from '@mui/icons-material/Storefront';
import GroupIcon from '@mui/icons-material/Group';
import ExtensionIcon from '@mui/icons-material/Extension';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import MapIcon from '@mui/icons-material/Map';

export interface NavItem {
  key: string;
  /** Absent for actions (Logout). */
  to?: string;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
}

/** Spec §2: navigation entries in this order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', to: '/dashboard', icon: DashboardIcon },
  { key: 'hires', to: '/hires', icon: AssignmentIcon },
  { key: 'equipment', to: '/equipment', icon: ConstructionIcon },
  { key: 'sites', to: '/sites', icon: PlaceIcon },
  { key: 'suppliers', to: '/suppliers', icon: StorefrontIcon },
  { key: 'users', to: '/users', icon: GroupIcon },
  { key: 'integrations', to: '/integrations', icon: ExtensionIcon },
  { key: 'subscription', to: '/subscription', icon: CreditCardIcon },
  { key: 'profile', to: '/profile', icon: PersonIcon },
  { key: 'logout', icon: LogoutIcon },
  { key: 'hiresMap', to: '/hires-map', icon: MapIcon },
];

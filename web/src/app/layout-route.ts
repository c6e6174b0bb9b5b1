import { lazyNamed } from './lazy';

// The signed-in shell is its own chunk so that public pages such as /login do not download it.
export const AppLayout = lazyNamed(() => import('./layout/AppLayout'), 'AppLayout');

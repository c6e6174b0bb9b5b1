import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

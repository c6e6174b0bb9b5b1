import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp, resetBrowserState, setupI18n } from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  mockFetch({});
});

const FOOTER = [
  '/features',
  '/pricing',
  '/integrations',
  '/about',
  '/contact',
  '/support',
  '/privacy',
  '/terms',
  '/cookies',
];

describe('public pages (spec §2 /home)', () => {
  it('has Sign In, Get Started and Start Free Trial, mentions role-based access and links the footer pages', async () => {
    renderApp('/home');
    const hero = await screen.findByTestId('hero-start-trial', {}, { timeout: 5000 });
    expect(hero).toHaveAttribute('href', '/signup');
    expect(screen.getByTestId('hero-get-started')).toHaveAttribute('href', '/signup');
    expect(screen.getByTestId('hero-sign-in')).toHaveAttribute('href', '/login');
    expect(screen.getByText('Role-based access')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(FOOTER);
    expect(screen.getByTestId('plan-teams')).toHaveTextContent('Teams Edition');
  });

  it('lists the four plans with monthly GBP prices, Most Popular on Teams, VAT and the guarantee', async () => {
    renderApp('/pricing');
    const teams = await screen.findByTestId('plan-teams', {}, { timeout: 5000 });
    expect(teams).toHaveTextContent('£79.00');
    expect(within(teams).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getByTestId('plan-free')).toHaveTextContent('Free Edition£0.00');
    expect(screen.getByTestId('plan-business')).toHaveTextContent('£129.00');
    expect(screen.getByTestId('plan-unlimited')).toHaveTextContent('Unlimited active hires');
    expect(screen.getByTestId('plan-free')).toHaveTextContent('Up to 5 active hires');
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(screen.getByTestId('pricing-vat')).toHaveTextContent('exclude VAT');
    expect(screen.getByTestId('pricing-guarantee')).toHaveTextContent('30-day money-back guarantee');
  });

  it.each(FOOTER.filter((path) => path !== '/pricing'))('%s is a real page', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).not.toBeEmptyDOMElement();
    expect(
      within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).length,
    ).toBeGreaterThanOrEqual(2);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    const hero = await screen.findByTestId('hero-start-trial', {}, { timeout: 15_000 });
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
    const teams = await screen.findByTestId('plan-teams', {}, { timeout: 15_000 });
    // Whole pounds without pence.
    expect(within(teams).getByTestId('plan-price')).toHaveTextContent(/^£79\/month$/);
    expect(within(teams).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getByTestId('plan-free')).toHaveTextContent('Free Edition£0/month');
    expect(within(screen.getByTestId('plan-business')).getByTestId('plan-price')).toHaveTextContent(
      /^£129\/month$/,
    );
    expect(within(screen.getByTestId('plan-unlimited')).getByTestId('plan-price')).toHaveTextContent(
      /^£179\/month$/,
    );
    expect(screen.getByTestId('plan-unlimited')).toHaveTextContent('Unlimited active hires');
    expect(screen.getByTestId('plan-free')).toHaveTextContent('Up to 5 active hires');
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(screen.getByTestId('pricing-vat')).toHaveTextContent('exclude VAT');
    expect(screen.getByTestId('pricing-guarantee')).toHaveTextContent('30-day money-back guarantee');
  });

  it.each(FOOTER.filter((path) => path !== '/pricing'))('%s is a real page', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).not.toBeEmptyDOMElement();
    expect(
      within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).length,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('contact emails', () => {
  it.each(['/contact', '/support'])('%s links each email address with mailto:', async (path) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    const mailLinks = within(screen.getByRole('main'))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('mailto:'));
    expect(mailLinks.length).toBeGreaterThan(0);
    for (const link of mailLinks) expect(link).toHaveAttribute('href', `mailto:${link.textContent}`);
    expect(mailLinks.map((link) => link.textContent)).toContain('support@planted.example');
  });

  it('keeps the sentence around the address, full stop included', async () => {
    renderApp('/contact');
    const sales = await screen.findByRole('link', { name: 'sales@planted.example' }, { timeout: 15_000 });
    expect(sales).toHaveAttribute('href', 'mailto:sales@planted.example');
    expect(sales.parentElement).toHaveTextContent(
      'Ask about plans for your company by emailing sales@planted.example.',
    );
  });
});

describe('public header on a phone', () => {
  it('opens a menu holding the page links and Sign In', async () => {
    renderApp('/home');
    const button = await screen.findByRole('button', { name: 'Open menu' }, { timeout: 15_000 });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup({ delay: null }).click(button);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Integrations', '/integrations'],
      ['Sign In', '/login'],
    ]);
    await userEvent.setup({ delay: null }).click(within(menu).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

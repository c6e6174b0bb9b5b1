import type { CheckoutSession } from './model';

/** The test card Stripe's own test mode suggests; 4000 0000 0000 0002 is declined. */
export const TEST_CARD = '4242 4242 4242 4242';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

// Colours chosen for WCAG AA contrast (at least 4.5:1) on white and on the button.
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
  main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
  h1{font-size:1.5rem;margin:0 0 .25rem}
  .badge{display:inline-block;font-size:.8rem;padding:.1rem .5rem;border-radius:4px;background:#fff4ce;color:#5c4300;margin-bottom:1rem}
  .amount{font-size:2rem;font-weight:700;margin:.5rem 0 0}
  .period{color:#4a4a4a;margin:0 0 1.5rem}
  label{display:block;font-weight:600;margin-bottom:.25rem}
  input{width:100%;padding:.6rem;font-size:1rem;border:1px solid #6b6b6b;border-radius:4px}
  .hint{color:#4a4a4a;font-size:.875rem;margin:.25rem 0 1rem}
  button{width:100%;padding:.75rem;font-size:1rem;font-weight:600;color:#fff;background:#1b5e20;border:0;border-radius:4px;cursor:pointer}
  button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
  .cancel{display:block;text-align:center;margin-top:1rem;color:#0b57d0}
  .error{color:#a50e0e;background:#fce8e6;padding:.5rem .75rem;border-radius:4px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageView {
  session: CheckoutSession;
  productName: string;
  interval: string;
  email: string | null;
  error?: string;
  cardNumber?: string;
}

/** The hosted checkout page: what is bought, for how much, a card field, Pay and Cancel. */
export function checkoutPage(view: CheckoutPageView): string {
  const { session } = view;
  const amount = money(session.amount_total, session.currency);
  const error = view.error
    ? `<p class="error" role="alert" id="card-error">${escapeHtml(view.error)}</p>`
    : '';
  const cancel = session.cancel_url
    ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel and return</a>`
    : '';
  const email = view.email ? `<p>Paying as <strong>${escapeHtml(view.email)}</strong></p>` : '';
  const tax = session.total_details.amount_tax;
  const taxNames = [
    ...new Set((session.line_items?.data ?? []).flatMap((item) => item.tax_rates.map((r) => r.display_name))),
  ].join(', ');
  const breakdown =
    tax > 0
      ? `<p class="breakdown" data-testid="tax-breakdown">${escapeHtml(
          `${money(session.amount_subtotal, session.currency)} + ${money(tax, session.currency)} ${taxNames}`,
        )}</p>`
      : '';
  return page(
    `Pay for ${view.productName}`,
    `<span class="badge">Test mode (local Stripe)</span>
<h1>Subscribe to ${escapeHtml(view.productName)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="period">per ${escapeHtml(view.interval)}</p>
${breakdown}
${email}
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}">
${error}
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required
  value="${escapeHtml(view.cardNumber ?? TEST_CARD)}" aria-describedby="card-hint${view.error ? ' card-error' : ''}"${view.error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="card-hint">Any test card works; 4000 0000 0000 0002 is declined.</p>
<button type="submit">Pay</button>
</form>
${cancel}`,
  );
}

/** What the page shows for a session that is complete, expired or unknown. */
export function closedPage(message: string): string {
  return page('Checkout', `<h1>Checkout</h1>\n<p>${escapeHtml(message)}</p>`);
}

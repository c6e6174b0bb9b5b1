import { FormSyntaxError, parseForm } from './form';

describe('parseForm (Stripe bracket notation)', () => {
  it('reads nested maps and indexed lists as the stripe SDK writes them', () => {
    const body =
      'mode=subscription&customer=cus_1&line_items[0][price]=price_teams_monthly&line_items[0][quantity]=1' +
      '&metadata[customer_id]=c-1&subscription_data[metadata][plan]=teams' +
      '&success_url=http%3A%2F%2Fapp.test%2F%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D';
    expect(parseForm(body)).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      line_items: [{ price: 'price_teams_monthly', quantity: '1' }],
      metadata: { customer_id: 'c-1' },
      subscription_data: { metadata: { plan: 'teams' } },
      success_url: 'http://app.test/?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('reads percent-encoded brackets and appended lists (expand[]=...)', () => {
    expect(parseForm('expand%5B0%5D=subscription&expand%5B1%5D=customer')).toEqual({
      expand: ['subscription', 'customer'],
    });
    expect(parseForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
  });

  it('orders list members by their index, not by arrival', () => {
    expect(parseForm('items[1][price]=b&items[0][price]=a')).toEqual({
      items: [{ price: 'a' }, { price: 'b' }],
    });
  });

  it('keeps empty values, which Stripe reads as "unset"', () => {
    expect(parseForm('metadata[plan]=&description=')).toEqual({ metadata: { plan: '' }, description: '' });
  });

  it('refuses a key used both as a value and as a map, and broken brackets', () => {
    expect(() => parseForm('metadata=x&metadata[a]=b')).toThrow(FormSyntaxError);
    expect(() => parseForm('metadata[a]=b&metadata=x')).toThrow(FormSyntaxError);
    expect(() => parseForm('metadata[a=b')).toThrow(FormSyntaxError);
  });
});

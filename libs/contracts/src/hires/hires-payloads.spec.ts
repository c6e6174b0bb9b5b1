import { VALIDATION_MESSAGES as V } from '@planted/domain';
import { CatalogueEquipmentList, equipmentFieldsSchema } from '../catalogue';
import {
  HIRES_MESSAGES,
  hireFieldsSchema,
  hireStatusFilterField,
  normalisePostcode,
  siteEditFieldsSchema,
  siteFieldsSchema,
} from './fields';

const hire = {
  equipment_id: '00000000-0000-4000-8000-000000000001',
  supplier_id: '00000000-0000-4000-8000-000000000002',
  site_id: '00000000-0000-4000-8000-000000000003',
  price: '120.50',
  pricing_term: 'week',
  hire_start_date: '2026-11-02',
  hire_end_date: '2026-11-10',
};

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('hire form fields (spec §5 Hire form)', () => {
  it('reads prices as pounds, defaults charges to 0 and the status to active', () => {
    const r = hireFieldsSchema.parse(hire);
    expect(r).toMatchObject({ price: 120.5, delivery_charge: 0, operator_cost: 0, hire_status: 'active' });
  });

  it('reads an optional amount left empty in the form as not given (0), and a filled one as pounds', () => {
    for (const empty of ['', '   ', null, undefined]) {
      const r = hireFieldsSchema.safeParse({ ...hire, delivery_charge: empty, operator_cost: empty });
      expect({
        empty,
        ok: r.success,
        data: r.data && [r.data.delivery_charge, r.data.operator_cost],
      }).toEqual({
        empty,
        ok: true,
        data: [0, 0],
      });
    }
    expect(hireFieldsSchema.parse({ ...hire, delivery_charge: '35.00', operator_cost: 12.5 })).toMatchObject({
      delivery_charge: 35,
      operator_cost: 12.5,
    });
    // What the typed client sends after parsing parses again to the same (the service parses it too).
    const once = hireFieldsSchema.parse({ ...hire, delivery_charge: '', operator_cost: '7.25' });
    expect(hireFieldsSchema.parse(once)).toMatchObject({ delivery_charge: 0, operator_cost: 7.25 });
  });

  it('still requires the price: empty is the spec message, not a zero', () => {
    for (const empty of ['', '  ', null])
      expect(messages(hireFieldsSchema.safeParse({ ...hire, price: empty }))).toEqual([
        `price: ${V.PRICE_REQUIRED}`,
      ]);
  });

  it('refuses an end before the start on hire_end_date', () => {
    expect(messages(hireFieldsSchema.safeParse({ ...hire, hire_end_date: '2026-11-01' }))).toEqual([
      `hire_end_date: ${V.END_BEFORE_START}`,
    ]);
  });

  it('refuses dates outside 2000-2099 (a typo of a year), each with the range', () => {
    expect(
      messages(
        hireFieldsSchema.safeParse({ ...hire, hire_start_date: '1999-12-31', hire_end_date: '9999-12-31' }),
      ),
    ).toEqual([
      `hire_start_date: ${HIRES_MESSAGES.DATE_OUT_OF_RANGE}`,
      `hire_end_date: ${HIRES_MESSAGES.DATE_OUT_OF_RANGE}`,
    ]);
    expect(
      messages(
        hireFieldsSchema.safeParse({ ...hire, hire_start_date: '2000-01-01', hire_end_date: '2099-12-31' }),
      ),
    ).toEqual([]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, hire_start_date: '2026-02-30' }))).toEqual([
      `hire_start_date: ${V.DATE_INVALID}`,
    ]);
  });

  it('says the end is before the start in the same answer as the fields still missing', () => {
    const { price: _price, pricing_term: _term, ...rest } = hire;
    expect(messages(hireFieldsSchema.safeParse({ ...rest, hire_end_date: '2026-11-01' }))).toEqual([
      `price: ${V.PRICE_REQUIRED}`,
      `pricing_term: ${V.PRICING_TERM_REQUIRED}`,
      `hire_end_date: ${V.END_BEFORE_START}`,
    ]);
    expect(hireFieldsSchema.safeParse('not an object').success).toBe(false);
  });

  it('names each missing required field with the spec message', () => {
    expect(messages(hireFieldsSchema.safeParse({})).sort()).toEqual(
      [
        `equipment_id: ${V.EQUIPMENT_REQUIRED}`,
        `supplier_id: ${V.SUPPLIER_REQUIRED}`,
        `site_id: ${V.SITE_REQUIRED}`,
        `price: ${V.PRICE_REQUIRED}`,
        `pricing_term: ${V.PRICING_TERM_REQUIRED}`,
        `hire_start_date: ${V.START_DATE_REQUIRED}`,
        `hire_end_date: ${V.END_DATE_REQUIRED}`,
      ].sort(),
    );
  });

  it('says an id that is not an id names nothing (not that the field is missing), and a date sent as a number is invalid', () => {
    expect(messages(hireFieldsSchema.safeParse({ ...hire, site_id: 'abc' }))).toEqual([
      `site_id: ${HIRES_MESSAGES.SITE_NOT_FOUND}`,
    ]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, equipment_id: 42 }))).toEqual([
      `equipment_id: ${HIRES_MESSAGES.EQUIPMENT_NOT_FOUND}`,
    ]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, supplier_id: '' }))).toEqual([
      `supplier_id: ${V.SUPPLIER_REQUIRED}`,
    ]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, supplier_id: null }))).toEqual([
      `supplier_id: ${V.SUPPLIER_REQUIRED}`,
    ]);
    for (const date of [20260301, true])
      expect(messages(hireFieldsSchema.safeParse({ ...hire, hire_start_date: date }))).toEqual([
        `hire_start_date: ${V.DATE_INVALID}`,
      ]);
  });

  it('refuses negative amounts, fractions of a penny and non-numbers', () => {
    expect(messages(hireFieldsSchema.safeParse({ ...hire, price: -1 }))).toEqual([
      `price: ${V.AMOUNT_NEGATIVE}`,
    ]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, price: 1.005 }))).toEqual([
      `price: ${HIRES_MESSAGES.AMOUNT_DECIMALS}`,
    ]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, delivery_charge: 'ten' }))).toEqual([
      `delivery_charge: ${V.AMOUNT_INVALID}`,
    ]);
    expect(messages(hireFieldsSchema.safeParse({ ...hire, operator_cost: -5 }))).toEqual([
      `operator_cost: ${V.AMOUNT_NEGATIVE}`,
    ]);
  });

  it('reads a decimal comma with one or two digits of pence as pence, and refuses any other comma (AY-2)', () => {
    for (const [text, pounds] of [
      ['12,5', 12.5],
      [' 12,50 ', 12.5],
      ['0,05', 0.05],
    ] as const)
      expect(hireFieldsSchema.parse({ ...hire, price: text }).price).toBe(pounds);
    for (const text of ['1,000', '1,000.50', '1,2,3', ',5', '12,'])
      expect([text, messages(hireFieldsSchema.safeParse({ ...hire, price: text }))]).toEqual([
        text,
        [`price: ${V.AMOUNT_INVALID}`],
      ]);
  });

  it('reads amounts typed in plain decimals only: not hex, binary or exponent notation', () => {
    for (const [text, pounds] of [
      [' 5 ', 5],
      ['12.50', 12.5],
      ['.5', 0.5],
      ['7.', 7],
    ] as const) {
      expect(hireFieldsSchema.parse({ ...hire, price: text }).price).toBe(pounds);
    }
    for (const typo of ['0x10', '1e2', '0b11', '0o7', 'Infinity', '1,000', '£5']) {
      expect(messages(hireFieldsSchema.safeParse({ ...hire, price: typo }))).toEqual([
        `price: ${V.AMOUNT_INVALID}`,
      ]);
    }
  });

  it('lists active and collection booked hires by default', () => {
    expect(hireStatusFilterField.parse(undefined)).toEqual(['active', 'collection_booked']);
    expect(hireStatusFilterField.parse('completed,active,completed')).toEqual(['completed', 'active']);
    expect(hireStatusFilterField.safeParse('active,lost').success).toBe(false);
    // What the typed client sends after parsing parses again to the same (the service parses it too).
    expect(hireStatusFilterField.parse(hireStatusFilterField.parse(undefined))).toEqual([
      'active',
      'collection_booked',
    ]);
  });
});

describe('site fields (spec §5 Site)', () => {
  it('defaults the country to GB and the status to active', () => {
    expect(
      siteFieldsSchema.parse({
        name: 'Depot',
        address_line_1: '1 High St',
        city: 'Leeds',
        postcode: 'ls1 1aa',
      }),
    ).toMatchObject({ country: 'GB', status: 'active', postcode: 'LS1 1AA', county: null });
  });

  it('requires name, address line 1, city and postcode', () => {
    expect(messages(siteFieldsSchema.safeParse({ country: 'FR' })).sort()).toEqual(
      [
        `name: ${V.SITE_NAME_REQUIRED}`,
        `address_line_1: ${V.ADDRESS_LINE_1_REQUIRED}`,
        `city: ${V.CITY_REQUIRED}`,
        `postcode: ${V.POSTCODE_REQUIRED}`,
        `country: ${V.COUNTRY_INVALID}`,
      ].sort(),
    );
  });
});

describe('equipment fields (spec §5 Equipment)', () => {
  it('requires a name and a category, and takes empty optional values as null', () => {
    expect(messages(equipmentFieldsSchema.safeParse({ name: '  ' })).sort()).toEqual(
      [`name: ${V.EQUIPMENT_NAME_REQUIRED}`, `category: ${V.CATEGORY_REQUIRED}`].sort(),
    );
    expect(
      equipmentFieldsSchema.parse({
        name: ' Breaker ',
        category: 'Breaking & Drilling',
        power: '',
        description: '',
      }),
    ).toEqual({
      name: 'Breaker',
      category: 'Breaking & Drilling',
      power: null,
      description: null,
      unit_of_measure: null,
    });
  });

  it('reads page and limit from query text, 12 by default, at most 1000', () => {
    const actor = {
      userId: '00000000-0000-4000-8000-000000000001',
      customerId: '00000000-0000-4000-8000-000000000002',
      role: 'admin',
      email: 'a@b.co',
      name: 'A',
    };
    expect(CatalogueEquipmentList.request.parse({ actor })).toMatchObject({ page: 1, limit: 12 });
    expect(CatalogueEquipmentList.request.parse({ actor, page: '3', limit: '1000' })).toMatchObject({
      page: 3,
      limit: 1000,
    });
    expect(CatalogueEquipmentList.request.safeParse({ actor, limit: '1001' }).success).toBe(false);
    expect(CatalogueEquipmentList.request.safeParse({ actor, category: 'Boats' }).success).toBe(false);
  });
});

describe('site postcodes (each country’s own)', () => {
  it.each([
    ['sw1a1aa', 'GB', 'SW1A 1AA'],
    ['m1 1ae', 'GB', 'M1 1AE'],
    ['  LS1   4DL ', 'GB', 'LS1 4DL'],
    ['GIR0AA', 'GB', 'GIR 0AA'],
    ['d02x285', 'IE', 'D02 X285'],
    ['10118', 'US', '10118'],
    ['10118-0110', 'US', '10118-0110'],
    ['2000', 'AU', '2000'],
    ['k1a0b1', 'CA', 'K1A 0B1'],
  ])('reads %s in %s as %s', (typed, country, written) => {
    expect(normalisePostcode(typed, country)).toBe(written);
    expect(siteFieldsSchema.parse(siteOf({ postcode: typed, country })).postcode).toBe(written);
  });

  it.each([
    ['NOTAPOSTCODE!!', 'GB'],
    ['10118', 'GB'],
    ['SW1A 1AA', 'US'],
    ['200', 'AU'],
    ['12345', 'CA'],
    // Letters Canada Post never uses (D, F, I, O, Q, U anywhere; W or Z first).
    ['D1A 0B1', 'CA'],
    ['K1O 0B1', 'CA'],
    ['W1A 0B1', 'CA'],
    ['K1A 0U1', 'CA'],
  ])('refuses %s in %s with the message', (postcode, country) => {
    expect(messages(siteFieldsSchema.safeParse(siteOf({ postcode, country })))).toEqual([
      `postcode: ${HIRES_MESSAGES.POSTCODE_INVALID}`,
    ]);
  });

  it('says a missing or overlong postcode once, and checks the postcode beside other fields’ problems', () => {
    expect(messages(siteFieldsSchema.safeParse(siteOf({ postcode: '' })))).toEqual([
      `postcode: ${V.POSTCODE_REQUIRED}`,
    ]);
    expect(messages(siteFieldsSchema.safeParse(siteOf({ postcode: 'P'.repeat(21) })))).toEqual([
      `postcode: ${HIRES_MESSAGES.POSTCODE_TOO_LONG}`,
    ]);
    expect(messages(siteFieldsSchema.safeParse(siteOf({ name: '', postcode: 'nope' })))).toEqual([
      `name: ${V.SITE_NAME_REQUIRED}`,
      `postcode: ${HIRES_MESSAGES.POSTCODE_INVALID}`,
    ]);
  });

  it('leaves an edit without a country to the service (it knows the site’s)', () => {
    const { country: _country, ...noCountry } = siteOf({ postcode: '10118' });
    expect(siteEditFieldsSchema.safeParse(noCountry).success).toBe(true);
  });
});

function siteOf(change: Record<string, unknown>) {
  return {
    name: 'Depot',
    address_line_1: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 4DL',
    country: 'GB',
    ...change,
  };
}

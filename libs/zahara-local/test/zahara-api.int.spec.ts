import type {
  CostCode,
  Division,
  NominalCode,
  Project,
  PurchaseOrder,
  Supplier,
  TaxCode,
  ZaharaErrorBody,
  ZaharaSimulator,
} from '../src';
import { startZaharaSimulator } from '../src';
import { line, zaharaAs } from './zahara-client';

const KEY = 'bu-key-riverside-0001';

describe('Zahara simulator: the API of one business unit', () => {
  let sim: ZaharaSimulator;
  let api: ReturnType<typeof zaharaAs>;

  beforeAll(async () => {
    sim = await startZaharaSimulator({ keys: [KEY] });
    api = zaharaAs(sim, KEY);
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  async function seedIds() {
    const nominal = (await api.get<NominalCode>('NominalCode/GetByCode/7100')).body;
    const tax = (await api.get<TaxCode>('TaxCode/GetByCode/T1')).body;
    const cost = (await api.get<CostCode>('CostCode/GetByCode/CC310')).body;
    const division = (await api.get<Division>('Division/GetByName/North West')).body;
    const project = (await api.get<Project[]>('Project/GetAll')).body.find(
      (p) => p.ProjectCode === 'J-2041',
    )!;
    const supplier = (await api.get<Supplier[]>('Supplier/Search/NOR001')).body[0];
    return {
      NominalCodeId: nominal.NominalCodeId,
      TaxCodeId: tax.TaxCodeId,
      CostCodeId: cost.CostCodeId,
      DivisionId: division.DivisionId,
      ProjectId: project.ProjectId,
      SupplierId: supplier.SupplierId,
    };
  }

  describe('Supplier', () => {
    it('Add answers the new supplier with its id, resolving default codes given by code', async () => {
      const added = await api.post<Supplier>('Supplier/Add', {
        SupplierName: 'Severn Access Platforms Ltd',
        ContactName: 'Owen Price',
        Email: 'accounts@severnaccess.co.uk',
        Address: { AddressLines: '5 Bridge Road\nGloucester', Postcode: 'gl1 2aa', CountryCode: 'GB' },
        DefaultNominalCode: '7100',
        DefaultTaxCode: 'T1',
      });
      expect(added.status).toBe(200);
      expect(Number.isInteger(added.body.SupplierId)).toBe(true);
      const nominal = (await api.get<NominalCode>('NominalCode/GetByCode/7100')).body;
      const tax = (await api.get<TaxCode>('TaxCode/GetByCode/T1')).body;
      expect(added.body).toMatchObject({
        SupplierName: 'Severn Access Platforms Ltd',
        ReferenceNumber: 'SEV001',
        DefaultNominalCode: '7100',
        DefaultNominalCodeId: nominal.NominalCodeId,
        DefaultTaxCode: 'T1',
        DefaultTaxCodeId: tax.TaxCodeId,
        CountryCode: 'GB',
        CountryCodeId: 826,
        IsActive: true,
        Void: false,
        Address: { AddressLines: '5 Bridge Road\nGloucester', Postcode: 'GL1 2AA' },
        SupplierEmails: [{ Email: 'accounts@severnaccess.co.uk' }],
      });
      const fetched = await api.get<Supplier>(`Supplier/Get/${added.body.SupplierId}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(added.body);
    });

    it('Add refuses a supplier without a name, with a bad email or an unknown code, listing every problem', async () => {
      const refused = await api.post<ZaharaErrorBody>('Supplier/Add', {
        SupplierName: '  ',
        Email: 'not-an-email',
        DefaultTaxCode: 'T99',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.Message).toBe('The request is invalid.');
      expect(refused.body.Errors).toEqual(
        expect.arrayContaining(['SupplierName must not be blank.', 'Email must be an email address.']),
      );
      const unknownCode = await api.post<ZaharaErrorBody>('Supplier/Add', {
        SupplierName: 'Ghost Plant Ltd',
        DefaultTaxCode: 'T99',
      });
      expect(unknownCode.status).toBe(400);
      expect(unknownCode.body.Errors).toEqual([
        "DefaultTaxCode 'T99' is not a tax code of this business unit.",
      ]);
    });

    it('Add refuses a reference number another supplier has', async () => {
      const clash = await api.post<ZaharaErrorBody>('Supplier/Add', {
        SupplierName: 'Northern Plant Hire (Leeds) Ltd',
        ReferenceNumber: 'nor001',
      });
      expect(clash.status).toBe(400);
      expect(clash.body.Errors?.[0]).toMatch(/^ReferenceNumber 'nor001' is already used by supplier \d+\.$/);
    });

    it('Update (PUT) changes what is sent and keeps the rest; Get answers the change', async () => {
      const [supplier] = (await api.get<Supplier[]>('Supplier/Search/Pennine')).body;
      const updated = await api.put<Supplier>(`Supplier/Update/${supplier.SupplierId}`, {
        ContactName: 'Rachel Booth-Hall',
        DefaultNominalCode: '7110',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        SupplierId: supplier.SupplierId,
        SupplierName: 'Pennine Tool Hire Ltd',
        ContactName: 'Rachel Booth-Hall',
        ReferenceNumber: 'PEN001',
        DefaultNominalCode: '7110',
      });
      expect(updated.body.LastUpdated > supplier.LastUpdated).toBe(true);
      expect((await api.get<Supplier>(`Supplier/Get/${supplier.SupplierId}`)).body).toEqual(updated.body);
    });

    it('Update of a supplier that does not exist is a 404; Update by POST is a 405', async () => {
      const missing = await api.put<ZaharaErrorBody>('Supplier/Update/999999', { SupplierName: 'X' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ Message: 'Supplier 999999 was not found.' });
      const wrongVerb = await api.post<ZaharaErrorBody>('Supplier/Update/1', { SupplierName: 'X' });
      expect(wrongVerb.status).toBe(405);
      expect(wrongVerb.headers.get('allow')).toBe('PUT');
    });

    it('Get of an unknown id is a 404 and of a non-number a 400', async () => {
      expect((await api.get('Supplier/Get/424242')).status).toBe(404);
      const bad = await api.get<ZaharaErrorBody>('Supplier/Get/abc');
      expect(bad.status).toBe(400);
      expect(bad.body.Errors).toEqual(["id 'abc' is not a valid integer."]);
    });

    it('Search/{term} matches name, reference, contact or email, case-insensitively', async () => {
      const byName = await api.get<Supplier[]>(`Supplier/Search/${encodeURIComponent('plant hire')}`);
      expect(byName.status).toBe(200);
      expect(byName.body.map((s) => s.SupplierName)).toEqual(['Northern Plant Hire Ltd']);
      const byEmail = await api.get<Supplier[]>('Supplier/Search/clydewelfare');
      expect(byEmail.body.map((s) => s.ReferenceNumber)).toEqual(['CLY001']);
      expect((await api.get<Supplier[]>('Supplier/Search/zzz-nothing')).body).toEqual([]);
    });

    it('After/{date} answers the suppliers changed since, oldest change first', async () => {
      const all = await api.get<Supplier[]>('Supplier/After/2000-01-01');
      expect(all.body).toHaveLength(6);
      const since = new Date().toISOString();
      expect((await api.get<Supplier[]>(`Supplier/After/${encodeURIComponent(since)}`)).body).toEqual([]);
      const first = await api.post<Supplier>('Supplier/Add', { SupplierName: 'Humber Cranes Ltd' });
      const [pennine] = (await api.get<Supplier[]>('Supplier/Search/PEN001')).body;
      await api.put(`Supplier/Update/${pennine.SupplierId}`, { TrustedStatus: false });
      const changed = await api.get<Supplier[]>(`Supplier/After/${encodeURIComponent(since)}`);
      expect(changed.body.map((s) => s.SupplierId)).toEqual([first.body.SupplierId, pennine.SupplierId]);
      const bad = await api.get<ZaharaErrorBody>('Supplier/After/yesterday');
      expect(bad.status).toBe(400);
    });
  });

  describe('PurchaseOrder', () => {
    it('Add answers the order with its DocumentId, PurchaseOrderNumber, Status and totals', async () => {
      const ids = await seedIds();
      const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        ExternalId: 'hire-7f3c',
        RequiredDate: '2026-06-01',
        LineItems: [line(ids, 275.5, 3), line(ids, 95, 1, 20, 'Delivery and collection')],
      });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        PurchaseOrderNumber: 'PO-00003',
        Status: 1,
        ExternalId: 'hire-7f3c',
        SupplierId: ids.SupplierId,
        Supplier: {
          SupplierId: ids.SupplierId,
          SupplierName: 'Northern Plant Hire Ltd',
          ReferenceNumber: 'NOR001',
        },
        CurrencyId: 1,
        RequiredDate: '2026-06-01T00:00:00.000Z',
        TotalNetValue: 921.5,
        TotalGrossValue: 1105.8,
        Void: false,
      });
      expect(Number.isInteger(added.body.DocumentId)).toBe(true);
      expect(added.body.LineItems).toEqual([
        expect.objectContaining({
          DocumentId: added.body.DocumentId,
          ProjectId: ids.ProjectId,
          CostCodeId: ids.CostCodeId,
          NominalCodeId: ids.NominalCodeId,
          NominalCode: '7100',
          TaxCodeId: ids.TaxCodeId,
          TaxCode: 'T1',
          TaxPercentage: 20,
          TaxValue: 165.3,
          Price: 275.5,
          Quantity: 3,
          NetValue: 826.5,
          DivisionId: ids.DivisionId,
          Description: '8t tracked excavator, weekly hire',
          RequiredDate: '2026-06-01T00:00:00.000Z',
        }),
        expect.objectContaining({ Description: 'Delivery and collection', NetValue: 95, TaxValue: 19 }),
      ]);
      const fetched = await api.get<PurchaseOrder>(`PurchaseOrder/Get/${added.body.DocumentId}`);
      expect(fetched.body).toEqual(added.body);
    });

    it('GetByExternalId/{externalId} finds the orders a caller made with that id, and none for another', async () => {
      const ids = await seedIds();
      const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        ExternalId: 'hire 42/a',
        LineItems: [line(ids, 100, 2)],
      });
      const found = await api.get<PurchaseOrder[]>(
        `PurchaseOrder/GetByExternalId/${encodeURIComponent('hire 42/a')}`,
      );
      expect(found.status).toBe(200);
      expect(found.body).toEqual([added.body]);
      const none = await api.get<PurchaseOrder[]>('PurchaseOrder/GetByExternalId/hire-43');
      expect(none).toMatchObject({ status: 200, body: [] });
    });

    it('a second Add with the same ExternalId makes a second order, and the lookup shows both', async () => {
      // Zahara does not deduplicate: a client that retries blindly makes two orders.
      const ids = await seedIds();
      const order = { SupplierId: ids.SupplierId, ExternalId: 'hire-twice', LineItems: [line(ids, 10, 1)] };
      const first = await api.post<PurchaseOrder>('PurchaseOrder/Add', order);
      const second = await api.post<PurchaseOrder>('PurchaseOrder/Add', order);
      expect(second.body.DocumentId).not.toBe(first.body.DocumentId);
      const found = await api.get<PurchaseOrder[]>('PurchaseOrder/GetByExternalId/hire-twice');
      expect(found.body.map((o) => o.DocumentId)).toEqual([first.body.DocumentId, second.body.DocumentId]);
    });

    it('Add refuses lines whose codes, tax rate or amounts do not add up, listing every problem', async () => {
      const ids = await seedIds();
      const refused = await api.post<ZaharaErrorBody>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        LineItems: [
          { ...line(ids, 100, 2), TaxPercentage: 5 },
          { ...line(ids, 100, 2), NetValue: 150 },
          { ...line({ ...ids, ProjectId: 1 }, 10, 1), NominalCodeId: 7100 },
        ],
        TotalNetValue: 1,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.Errors).toEqual([
        'LineItems[0].TaxPercentage 5 does not match tax code T1 (20%).',
        'LineItems[1].NetValue 150 is not Price x Quantity (200).',
        'LineItems[2].NominalCodeId 7100 is not a nominal code of this business unit.',
        'LineItems[2].ProjectId 1 is not a project of this business unit.',
        "TotalNetValue 1 is not the sum of the lines' NetValue (360).",
      ]);
      const shape = await api.post<ZaharaErrorBody>('PurchaseOrder/Add', {
        LineItems: [],
      });
      expect(shape.status).toBe(400);
      expect(shape.body.Errors).toEqual(
        expect.arrayContaining(['SupplierId is required.', 'LineItems must have at least one line item.']),
      );
      const lineShape = await api.post<ZaharaErrorBody>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        LineItems: [{ Description: 'Breaker', Price: '12', Quantity: 0 }],
      });
      expect(lineShape.body.Errors).toEqual(
        expect.arrayContaining([
          'LineItems[0].Price must be a number.',
          'LineItems[0].Quantity must be more than 0.',
          'LineItems[0].NominalCodeId is required.',
          'LineItems[0].TaxCodeId is required.',
          'LineItems[0].TaxPercentage is required.',
          'LineItems[0].NetValue is required.',
        ]),
      );
      expect(sim.tenant(KEY)!.purchaseOrders).toHaveLength(2);
    });

    it('Add takes ProjectId, CostCodeId and DivisionId 0 or absent as none', async () => {
      const ids = await seedIds();
      const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        LineItems: [{ ...line(ids, 40, 1), ProjectId: 0, CostCodeId: 0, DivisionId: undefined }],
      });
      expect(added.status).toBe(200);
      expect(added.body.LineItems[0]).toMatchObject({ ProjectId: null, CostCodeId: null, DivisionId: null });
    });

    it('Update (PUT) replaces the lines, recomputes totals and keeps number, status and ExternalId', async () => {
      const ids = await seedIds();
      const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        ExternalId: 'hire-upd',
        LineItems: [line(ids, 100, 1)],
      });
      const updated = await api.put<PurchaseOrder>(`PurchaseOrder/Update/${added.body.DocumentId}`, {
        DocumentId: added.body.DocumentId,
        LineItems: [line(ids, 100, 3)],
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        DocumentId: added.body.DocumentId,
        PurchaseOrderNumber: added.body.PurchaseOrderNumber,
        Status: 1,
        ExternalId: 'hire-upd',
        TotalNetValue: 300,
        TotalGrossValue: 360,
      });
      expect(updated.body.LineItems).toHaveLength(1);
      expect((await api.get<PurchaseOrder>(`PurchaseOrder/Get/${added.body.DocumentId}`)).body).toEqual(
        updated.body,
      );
      const mismatch = await api.put<ZaharaErrorBody>(`PurchaseOrder/Update/${added.body.DocumentId}`, {
        DocumentId: 1,
      });
      expect(mismatch.status).toBe(400);
      expect((await api.put('PurchaseOrder/Update/1', {})).status).toBe(404);
    });

    it('Get/{skip}/{take} pages the orders by DocumentId; take is 1 to 100', async () => {
      const ids = await seedIds();
      const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        LineItems: [line(ids, 50, 1)],
      });
      const firstPage = await api.get<PurchaseOrder[]>('PurchaseOrder/Get/0/2');
      expect(firstPage.body.map((o) => o.PurchaseOrderNumber)).toEqual(['PO-00001', 'PO-00002']);
      const secondPage = await api.get<PurchaseOrder[]>('PurchaseOrder/Get/2/2');
      expect(secondPage.body.map((o) => o.DocumentId)).toEqual([added.body.DocumentId]);
      expect((await api.get('PurchaseOrder/Get/0/0')).status).toBe(400);
      expect((await api.get('PurchaseOrder/Get/0/101')).status).toBe(400);
      expect((await api.get('PurchaseOrder/Get/999')).status).toBe(404);
    });

    it('After/{date} answers the orders changed since', async () => {
      const ids = await seedIds();
      const since = new Date().toISOString();
      const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
        SupplierId: ids.SupplierId,
        LineItems: [line(ids, 50, 1)],
      });
      const changed = await api.get<PurchaseOrder[]>(`PurchaseOrder/After/${encodeURIComponent(since)}`);
      expect(changed.body.map((o) => o.DocumentId)).toEqual([added.body.DocumentId]);
      expect((await api.get<PurchaseOrder[]>('PurchaseOrder/After/2000-01-01')).body).toHaveLength(3);
    });
  });

  describe('Project', () => {
    it('Add, Get, Update (PUT) and GetAll', async () => {
      const added = await api.post<Project>('Project/Add', {
        ProjectName: 'Wharf Street Student Housing',
        ProjectCode: 'J-2055',
        Start: '2026-03-01',
        Address: { AddressLines: 'Wharf Street\nLeicester', Postcode: 'LE1 2AH' },
      });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        ProjectName: 'Wharf Street Student Housing',
        ProjectCode: 'J-2055',
        Status: 1,
        Start: '2026-03-01T00:00:00.000Z',
        End: null,
        Address: { AddressLines: 'Wharf Street\nLeicester', Postcode: 'LE1 2AH', CountryCode: 'GB' },
      });
      expect((await api.get<Project>(`Project/Get/${added.body.ProjectId}`)).body).toEqual(added.body);
      const updated = await api.put<Project>(`Project/Update/${added.body.ProjectId}`, {
        Status: 3,
        End: '2026-09-30',
      });
      expect(updated.body).toMatchObject({
        ProjectId: added.body.ProjectId,
        Status: 3,
        ProjectCode: 'J-2055',
      });
      expect(updated.body.Address?.AddressId).toBe(added.body.Address?.AddressId);
      const all = await api.get<Project[]>('Project/GetAll');
      expect(all.body.map((p) => p.ProjectCode)).toEqual(['J-2041', 'J-2043', 'J-2047', 'J-2050', 'J-2055']);
      expect(all.body[4]).toEqual(updated.body);
    });

    it('refuses a code in use, an end before the start, a bad status; Get of an unknown id is a 404', async () => {
      const refused = await api.post<ZaharaErrorBody>('Project/Add', {
        ProjectName: 'Duplicate',
        ProjectCode: 'j-2041',
        Start: '2026-05-01',
        End: '2026-04-01',
        Status: 9,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.Errors).toEqual(['Status must be 1 (Active), 2 (Inactive) or 3 (Completed).']);
      const clash = await api.post<ZaharaErrorBody>('Project/Add', {
        ProjectName: 'Duplicate',
        ProjectCode: 'j-2041',
        Start: '2026-05-01',
        End: '2026-04-01',
      });
      expect(clash.body.Errors).toEqual([
        expect.stringMatching(/^ProjectCode 'j-2041' is already used by project \d+\.$/),
        'End must not be before Start.',
      ]);
      expect((await api.get<ZaharaErrorBody>('Project/Get/77')).body).toEqual({
        Message: 'Project 77 was not found.',
      });
    });
  });

  describe('lookups', () => {
    it.each([
      ['NominalCode', 'GetByCode', '7100', 'Plant hire', 15],
      ['TaxCode', 'GetByCode', 't1', 'Standard rate purchases 20%', 6],
      ['CostCode', 'GetByCode', 'cc340', 'Lifting and cranage', 9],
      ['Division', 'GetByName', 'north west', 'Manchester, Liverpool and Lancashire', 5],
    ])('%s: GetAll, Get/{id}, %s/{value}, Search/{term}', async (resource, by, value, description, count) => {
      const all = await api.get<{ Description: string }[]>(`${resource}/GetAll`);
      expect(all.body).toHaveLength(count);
      const found = await api.get<Record<string, unknown>>(`${resource}/${by}/${encodeURIComponent(value)}`);
      expect(found.status).toBe(200);
      expect(found.body.Description).toBe(description);
      const id = found.body[`${resource}Id`];
      expect((await api.get(`${resource}/Get/${id}`)).body).toEqual(found.body);
      const searched = await api.get<{ Description: string }[]>(
        `${resource}/Search/${encodeURIComponent(description.slice(0, 8))}`,
      );
      expect(searched.body).toContainEqual(found.body);
      expect(all.body).toContainEqual(found.body);
    });

    it('answers the tax code with its name and percentage', async () => {
      const reduced = await api.get<TaxCode>('TaxCode/GetByCode/T5');
      expect(reduced.body).toMatchObject({ Code: 'T5', CodeName: 'Reduced rate', TaxPercentage: 5 });
    });

    it.each([
      ['NominalCode/GetByCode/9999', "Nominal code '9999' was not found."],
      ['TaxCode/GetByCode/T7', "Tax code 'T7' was not found."],
      ['CostCode/GetByCode/CC999', "Cost code 'CC999' was not found."],
      ['Division/GetByName/Wales', "Division 'Wales' was not found."],
      ['NominalCode/Get/1', 'Nominal code 1 was not found.'],
    ])('%s is a 404 saying so', async (path, message) => {
      const missing = await api.get<ZaharaErrorBody>(path);
      expect(missing).toMatchObject({ status: 404, body: { Message: message } });
    });

    it('Add makes a new code, which then looks up; a code in use is refused', async () => {
      const added = await api.post<NominalCode>('NominalCode/Add', {
        Code: '7150',
        Description: 'Generator hire',
      });
      expect(added.status).toBe(200);
      expect((await api.get('NominalCode/GetByCode/7150')).body).toEqual(added.body);
      const clash = await api.post<ZaharaErrorBody>('NominalCode/Add', {
        Code: '7100',
        Description: 'Again',
      });
      expect(clash.body).toEqual({
        Message: 'The request is invalid.',
        Errors: ["Code '7100' is already in use."],
      });
      const tax = await api.post<TaxCode>('TaxCode/Add', {
        Code: 'T4',
        CodeName: 'EC purchases',
        TaxPercentage: 0,
      });
      expect(tax.body).toMatchObject({ Code: 'T4', Description: 'EC purchases 0%', TaxPercentage: 0 });
      const division = await api.post<Division>('Division/Add', { Name: 'Wales' });
      expect(division.body).toMatchObject({ Name: 'Wales', Code: 'WAL' });
      const cost = await api.post<ZaharaErrorBody>('CostCode/Add', { Code: 'CC350' });
      expect(cost.body.Errors).toEqual(['Description is required.']);
    });
  });

  describe('requests Zahara does not understand', () => {
    it('an unknown resource or action is a 404; resource and action names are case-insensitive', async () => {
      const unknown = await api.get<ZaharaErrorBody>('Invoice/GetAll');
      expect(unknown.status).toBe(404);
      expect(unknown.body.Message).toBe(
        "No HTTP resource was found that matches the request URI 'Invoice/GetAll'.",
      );
      expect((await api.get('purchaseorder/get/0/1')).status).toBe(200);
    });

    it('a body that is not JSON, or not an object, is a 400', async () => {
      const notJson = await api.post<ZaharaErrorBody>('Supplier/Add', '{"SupplierName": ');
      expect(notJson.body).toEqual({
        Message: 'The request is invalid.',
        Errors: ['The request body is not valid JSON.'],
      });
      const list = await api.post<ZaharaErrorBody>('Supplier/Add', []);
      expect(list.body.Errors).toEqual(['The request body must be a JSON object.']);
      const empty = await api.post<ZaharaErrorBody>('Supplier/Add');
      expect(empty.status).toBe(400);
    });
  });
});

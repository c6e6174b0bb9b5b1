import { Inject, Injectable } from '@nestjs/common';
import {
  HIRES_MESSAGES,
  HiresSiteCreate,
  editedPostcode,
  paginationOf,
  ServiceError,
  SiteCreated,
  SiteDeleted,
  SiteUpdated,
  type Actor,
  type Pagination,
  type Site,
  type SiteEditFields,
  type SiteFields,
} from '@planted/contracts';
import { pgErrorOf } from '@planted/db';
import { DATABASE, once, OutboxService } from '@planted/service-kit';
import type { HiresDatabase, HiresTx } from '../db/database';
import { idempotentRequests, type SiteRow } from '../db/schema';
import { addressKey, GEOCODER, type Geocoder } from '../geocoding/geocoder';
import { addressOf, toSite } from './site.mapper';
import { siteHasHires, siteNotFound } from './sites.errors';
import { SitesRepository, type Placement } from './sites.repository';

@Injectable()
export class SitesService {
  constructor(
    @Inject(DATABASE) private readonly database: HiresDatabase,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
    private readonly sites: SitesRepository,
    private readonly outbox: OutboxService,
  ) {}

  list(
    actor: Actor,
    options: { page: number; limit: number; search?: string },
  ): Promise<{ sites: Site[]; pagination: Pagination }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const { rows, total } = await this.sites.list(tx, actor.customerId, options);
      return { sites: rows.map(toSite), pagination: paginationOf(options.page, options.limit, total) };
    });
  }

  get(actor: Actor, id: string): Promise<{ site: Site }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const row = await this.sites.find(tx, actor.customerId, id);
      if (!row) throw siteNotFound();
      return { site: toSite(row) };
    });
  }

  /** Geocoded before the transaction (a network call must not hold a connection); once per Idempotency-Key. */
  async create(actor: Actor, fields: SiteFields): Promise<{ site: Site; message: string }> {
    const row = await once({
      transaction: (work) => this.database.withTenant(actor.customerId, work),
      table: idempotentRequests,
      request: { subject: HiresSiteCreate, caller: actor.userId, input: fields },
      prepare: () => this.geocoder.geocode(fields),
      create: async (tx: HiresTx, placement: Placement) => {
        await this.requireFreeJobNumber(tx, actor.customerId, fields.job_number);
        const site = await this.sites.insert(tx, actor.customerId, actor.userId, fields, placement);
        await this.record(tx, 'created', site);
        return site;
      },
      keep: (site) => ({ id: site.id }),
      replay: async ({ id }, tx: HiresTx) => {
        const site = await this.sites.find(tx, actor.customerId, id);
        if (!site) throw siteNotFound();
        return site;
      },
    });
    this.outbox.committed();
    return { site: toSite(row), message: HIRES_MESSAGES.SITE_CREATED };
  }

  /** Placed again only when an address field changed; otherwise the stored position stands. */
  /** An edit that leaves the status or the country out keeps the site's own. */
  async update(actor: Actor, id: string, edit: SiteEditFields): Promise<{ site: Site; message: string }> {
    // An omitted status or country keeps the site's own: as read now, to look the address up
    // outside the transaction, and again under the row's lock, where it is decided.
    // The postcode against the country, as a new site's is; an unchanged one (in the same
    // country) stands as stored, though saved before postcodes were checked or read from Zahara.
    const fieldsOver = (site: SiteRow): SiteFields => {
      const country = edit.country ?? site.country;
      const postcode = editedPostcode({ postcode: edit.postcode, country }, site);
      if (postcode === null)
        throw new ServiceError('VALIDATION_FAILED', HIRES_MESSAGES.POSTCODE_INVALID, [
          { param: 'postcode', msg: HIRES_MESSAGES.POSTCODE_INVALID },
        ]);
      return { ...edit, postcode, country, status: edit.status ?? site.status };
    };
    const current = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.sites.find(tx, actor.customerId, id),
    );
    if (!current) throw siteNotFound();
    const asRead = fieldsOver(current);
    const readKey = addressKey(asRead);
    let placed: { key: string; placement: Placement } | undefined;
    if (addressKey(addressOf(current)) !== readKey) {
      placed = { key: readKey, placement: await this.geocoder.geocode(asRead) };
    }
    const row = await this.database.withTenant(actor.customerId, async (tx) => {
      const locked = await this.sites.find(tx, actor.customerId, id, true);
      if (!locked) throw siteNotFound();
      const fields = fieldsOver(locked);
      if (fields.job_number?.toLowerCase() !== locked.jobNumber?.toLowerCase())
        await this.requireFreeJobNumber(tx, actor.customerId, fields.job_number, id);
      const key = addressKey(fields);
      let placement: Placement | undefined;
      if (addressKey(addressOf(locked)) !== key) {
        // Someone else changed the address since it was read: place this one now.
        placement = placed?.key === key ? placed.placement : await this.geocoder.geocode(fields);
      }
      const site = await this.sites.update(tx, actor.customerId, id, fields, placement);
      if (!site) throw siteNotFound();
      await this.record(tx, 'updated', site);
      return site;
    });
    this.outbox.committed();
    return { site: toSite(row), message: HIRES_MESSAGES.SITE_UPDATED };
  }

  /**
   * A job number names one site of the company: Zahara refuses a second project with the same
   * code, and a search by it should find one site.
   */
  private async requireFreeJobNumber(
    tx: HiresTx,
    customerId: string,
    jobNumber: string | null,
    exceptId?: string,
  ): Promise<void> {
    if (jobNumber && (await this.sites.jobNumberTaken(tx, customerId, jobNumber, exceptId)))
      // A conflict with another record (409, design.md Contracts), named on its field.
      throw new ServiceError('CONFLICT', HIRES_MESSAGES.JOB_NUMBER_TAKEN, [
        { param: 'job_number', msg: HIRES_MESSAGES.JOB_NUMBER_TAKEN },
      ]);
  }

  /** Refused with 409 while any hire refers to the site (a hire keeps its site). */
  async delete(actor: Actor, id: string): Promise<{ message: string }> {
    try {
      await this.database.withTenant(actor.customerId, async (tx) => {
        const site = await this.sites.find(tx, actor.customerId, id, true);
        if (!site) throw siteNotFound();
        if (await this.sites.hasHires(tx, actor.customerId, id)) throw siteHasHires();
        await this.sites.delete(tx, actor.customerId, id);
        await this.outbox.record(
          tx,
          SiteDeleted,
          { site_id: id, customer_id: actor.customerId },
          actor.customerId,
        );
      });
    } catch (err) {
      // A hire created on the site while it was being deleted: the foreign key stops the delete.
      if (pgErrorOf(err)?.code === '23503') throw siteHasHires();
      throw err;
    }
    this.outbox.committed();
    return { message: HIRES_MESSAGES.SITE_DELETED };
  }

  private record(tx: HiresTx, change: 'created' | 'updated', row: SiteRow): Promise<string> {
    const site = { ...toSite(row), customer_id: row.customerId };
    return change === 'created'
      ? this.outbox.record(tx, SiteCreated, { site }, row.customerId)
      : this.outbox.record(tx, SiteUpdated, { site }, row.customerId);
  }
}

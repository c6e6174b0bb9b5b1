import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogueEquipmentGet,
  CatalogueSupplierGet,
  HIRES_MESSAGES,
  ServiceError,
  type Actor,
  type TypedClient,
} from '@planted/contracts';
import { BUS, DATABASE } from '@planted/service-kit';
import type { HiresDatabase } from '../db/database';
import { ReadModelsRepository } from './read-models.repository';

/** How long a hire's creation waits for the catalogue before answering 503 (a retry is safe). */
const CATALOGUE_TIMEOUT_MS = 3000;

/** Which references of a hire the read models could not vouch for: unknown to them, or inactive. */
export interface MissingReferences {
  equipmentId?: string;
  supplierId?: string;
}

/**
 * Thrown inside a hire's transaction when its equipment or supplier is not in the read
 * models yet, or is inactive there (only its own company may use it, which the read model
 * does not record): the transaction rolls back (and its connection goes back to the pool) before
 * the catalogue is asked, so no connection waits on the bus.
 */
export class ReadModelMiss extends Error {
  constructor(readonly missing: MissingReferences) {
    super('equipment or supplier to be checked with the catalogue');
    this.name = 'ReadModelMiss';
  }
}

/**
 * Fills a read-model miss from the catalogue itself. The catalogue answers the user as
 * soon as it commits, while its event reaches hires' consumer a moment later (seconds
 * under load): a hire created in between names an item or supplier hires has not heard
 * of. The catalogue is asked as the user (the request's session token is forwarded, so its
 * admission sees the same verified user and its visibility rules apply); what it knows is
 * written to the read model as the first event would write it, and only its 404 is a 404.
 */
@Injectable()
export class CatalogueLookup {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(DATABASE) private readonly database: HiresDatabase,
    private readonly readModels: ReadModelsRepository,
  ) {}

  async fill(actor: Actor, missing: MissingReferences): Promise<void> {
    const [item, supplier] = await Promise.allSettled([
      missing.equipmentId &&
        this.ask(
          () => this.bus.send(CatalogueEquipmentGet, { actor, id: missing.equipmentId! }, this.timeout),
          HIRES_MESSAGES.EQUIPMENT_NOT_FOUND,
        ),
      missing.supplierId &&
        this.ask(
          () => this.bus.send(CatalogueSupplierGet, { actor, id: missing.supplierId! }, this.timeout),
          HIRES_MESSAGES.SUPPLIER_NOT_FOUND,
        ),
    ]);
    // The equipment's refusal first, as the read-model check orders them.
    if (item.status === 'rejected') throw item.reason;
    if (supplier.status === 'rejected') throw supplier.reason;
    await this.database.withSystem(async (tx) => {
      if (item.value) await this.readModels.learnEquipment(tx, item.value.equipment);
      if (supplier.value) await this.readModels.learnSupplier(tx, supplier.value.supplier);
    });
  }

  private readonly timeout = { timeoutMs: CATALOGUE_TIMEOUT_MS };

  private async ask<T>(call: () => Promise<T>, notFound: string): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'NOT_FOUND')
        throw new ServiceError('NOT_FOUND', notFound);
      if (err instanceof ServiceError && err.code === 'UNAVAILABLE')
        throw new ServiceError('UNAVAILABLE', 'The catalogue is not answering; please try again');
      throw err;
    }
  }
}

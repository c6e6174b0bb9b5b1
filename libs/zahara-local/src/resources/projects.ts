import { z } from 'zod';
import { invalidRequest, notFound } from '../api-error';
import type { Project, ProjectStatus } from '../models';
import { intParam, type Route } from '../router';
import type { Tenant } from '../tenant';
import { bodyObject, field, parseBody } from '../validation';
import { addressAsInput, addressSchema, buildAddress } from './address';

export const projectSchema = z.object({
  ProjectId: field.optionalRef(),
  ProjectName: field.text(100),
  ProjectCode: field.text(30),
  Description: field.optionalText(500),
  BudgetedAmount: field.optionalNumber().refine((v) => v === null || v === undefined || v >= 0, {
    message: 'must not be negative.',
  }),
  ProjectIncome: field.optionalNumber(),
  Start: field.date(),
  End: field.date(),
  Status: field
    .int()
    .min(1, 'must be 1 (Active), 2 (Inactive) or 3 (Completed).')
    .max(3, 'must be 1 (Active), 2 (Inactive) or 3 (Completed).')
    .nullish(),
  Address: addressSchema,
  Void: field.bool(),
});

export type ProjectInput = z.output<typeof projectSchema>;

export function buildProject(tenant: Tenant, input: ProjectInput, existing?: Project): Project {
  const errors: string[] = [];
  const clash = [...tenant.projects.values()].find(
    (p) =>
      p.ProjectId !== existing?.ProjectId &&
      !p.Void &&
      p.ProjectCode.toLowerCase() === input.ProjectCode.toLowerCase(),
  );
  if (clash) errors.push(`ProjectCode '${input.ProjectCode}' is already used by project ${clash.ProjectId}.`);
  if (input.Start && input.End && input.End < input.Start) errors.push('End must not be before Start.');
  if (errors.length) throw invalidRequest(errors);
  const now = tenant.clock.iso();
  return {
    ProjectId: existing?.ProjectId ?? tenant.ids.take('project'),
    BusinessUnitId: tenant.businessUnitId,
    ProjectName: input.ProjectName,
    ProjectCode: input.ProjectCode,
    Description: input.Description ?? '',
    BudgetedAmount: input.BudgetedAmount ?? 0,
    ProjectIncome: input.ProjectIncome ?? 0,
    Start: input.Start,
    End: input.End,
    Status: (input.Status ?? 1) as ProjectStatus,
    Address: buildAddress(tenant, input.Address, 'GB', existing?.Address ?? null),
    Void: input.Void ?? false,
    DateCreated: existing?.DateCreated ?? now,
    LastUpdated: now,
  };
}

export function addProject(tenant: Tenant, input: ProjectInput): Project {
  const project = buildProject(tenant, input);
  tenant.projects.set(project.ProjectId, project);
  return project;
}

function getProject(tenant: Tenant, id: number): Project {
  const project = tenant.projects.get(id);
  if (!project) throw notFound(`Project ${id} was not found.`);
  return project;
}

export const projectRoutes: Route[] = [
  {
    method: 'POST',
    template: 'Project/Add',
    creates: 'Project',
    handle: ({ tenant, body }) => addProject(tenant, parseBody(projectSchema, body)),
  },
  {
    method: 'PUT',
    template: 'Project/Update/{id}',
    handle: (ctx) => {
      const id = intParam(ctx, 'id');
      const existing = getProject(ctx.tenant, id);
      const merged = { ...existing, Address: addressAsInput(existing.Address), ...bodyObject(ctx.body) };
      const input = parseBody(projectSchema, merged);
      if (input.ProjectId && input.ProjectId !== id)
        throw invalidRequest([
          `ProjectId ${input.ProjectId} does not match the project being updated (${id}).`,
        ]);
      const updated = buildProject(ctx.tenant, input, existing);
      ctx.tenant.projects.set(id, updated);
      return updated;
    },
  },
  {
    method: 'GET',
    template: 'Project/Get/{id}',
    handle: (ctx) => getProject(ctx.tenant, intParam(ctx, 'id')),
  },
  {
    method: 'GET',
    template: 'Project/GetAll',
    handle: ({ tenant }) => [...tenant.projects.values()].sort((a, b) => a.ProjectId - b.ProjectId),
  },
];

import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { PaginationModel } from './catalogue.models';

@ObjectType('Site', { description: 'One of the company’s sites (spec §3); same field names as REST' })
export class SiteModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() address_line_1!: string;
  @Field(() => String, { nullable: true }) address_line_2!: string | null;
  @Field() city!: string;
  @Field(() => String, { nullable: true }) county!: string | null;
  @Field() postcode!: string;
  @Field({ description: 'GB, US, AU, CA or IE' }) country!: string;
  @Field(() => String, { nullable: true }) job_number!: string | null;
  @Field({ description: 'active, inactive or completed' }) status!: string;
  @Field(() => String, { nullable: true }) zahara_project_id!: string | null;
  @Field(() => Float, { nullable: true, description: 'Null when the site could not be placed' })
  latitude!: number | null;
  @Field(() => Float, { nullable: true }) longitude!: number | null;
  @Field(() => String, { nullable: true, description: "'google' or 'offline'; null when not placed" })
  geocode_source!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('SitePage', { description: 'A page of sites' })
export class SitePageModel {
  @Field(() => [SiteModel]) sites!: SiteModel[];
  @Field(() => PaginationModel) pagination!: PaginationModel;
}

@ObjectType('Hire', {
  description: 'One of the company’s hires with every list field (spec §3); amounts in pounds',
})
export class HireModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) equipment_id!: string;
  @Field(() => ID) supplier_id!: string;
  @Field(() => ID) site_id!: string;
  @Field(() => Float) price!: number;
  @Field({ description: 'fixed, day, week, month or year' }) pricing_term!: string;
  @Field(() => Float) price_per_day!: number;
  @Field(() => Float) delivery_charge!: number;
  @Field(() => Float) operator_cost!: number;
  @Field() hire_start_date!: string;
  @Field() hire_end_date!: string;
  @Field(() => Int, { description: 'Inclusive: end minus start plus one' }) hire_duration_days!: number;
  @Field(() => Float) net_cost!: number;
  @Field(() => Float) vat_amount!: number;
  @Field(() => Float) total_cost!: number;
  @Field({ description: 'active, completed or collection_booked' }) hire_status!: string;
  @Field(() => String, { nullable: true }) additional_details!: string | null;
  @Field(() => String, { nullable: true }) zahara_document_id!: string | null;
  @Field(() => String, { nullable: true }) zahara_po_number!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why the accounting connector could not create the purchase order; null once one is created',
  })
  purchase_order_error!: string | null;
  @Field(() => String, { nullable: true, description: 'When that last failed' })
  purchase_order_failed_at!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Why the last update of its purchase order in Zahara (after an edit) failed; null when Zahara is up to date',
  })
  purchase_order_update_error!: string | null;
  @Field(() => String, { nullable: true }) equipment_name!: string | null;
  @Field(() => String, { nullable: true }) equipment_category!: string | null;
  @Field(() => String, { nullable: true }) equipment_image_url!: string | null;
  @Field(() => String, { nullable: true }) supplier_name!: string | null;
  @Field(() => String, { nullable: true }) site_name!: string | null;
  @Field(() => String, { nullable: true }) site_postcode!: string | null;
  @Field(() => String, { nullable: true }) site_address!: string | null;
  @Field(() => String, { nullable: true }) job_number!: string | null;
  @Field(() => ID) created_by!: string;
  @Field(() => String, { nullable: true }) creator_name!: string | null;
  @Field(() => String, { nullable: true }) creator_profile_picture!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('HirePagination', { description: 'Where a page of hires sits: the screens read `totalPages`' })
export class HirePaginationModel {
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) totalPages!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) limit!: number;
}

@ObjectType('HirePage', { description: 'A page of hires' })
export class HirePageModel {
  @Field(() => [HireModel]) hires!: HireModel[];
  @Field(() => HirePaginationModel) pagination!: HirePaginationModel;
}

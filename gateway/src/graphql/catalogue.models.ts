import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Pagination', { description: 'Where a page sits in a list; `pages` is what the screens read' })
export class PaginationModel {
  @Field(() => Int) page!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) pages!: number;
}

@ObjectType('Equipment', {
  description: 'An item of the shared catalogue (spec §3); same field names as REST',
})
export class EquipmentModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() category!: string;
  @Field(() => String, { nullable: true }) unit_of_measure!: string | null;
  @Field(() => String, { nullable: true }) power!: string | null;
  @Field(() => String, { nullable: true, description: 'The stored image, or null (Awaiting Photo)' })
  image_url!: string | null;
  @Field(() => String, { nullable: true, description: 'The card-sized copy of the image' })
  image_card_url!: string | null;
  @Field() is_active!: boolean;
  @Field(() => String, { nullable: true, description: 'The owning company' }) customer_id!: string | null;
  @Field({ description: "A favourite of the caller's company" }) is_favorite!: boolean;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('EquipmentPage', { description: 'A page of equipment' })
export class EquipmentPageModel {
  @Field(() => [EquipmentModel]) equipment!: EquipmentModel[];
  @Field(() => PaginationModel) pagination!: PaginationModel;
}

@ObjectType('CategoryCount', { description: 'A category with the number of active items in it' })
export class CategoryCountModel {
  @Field() category!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('Supplier', { description: "A supplier as the caller's company sees it (spec §3)" })
export class SupplierModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) contact_email!: string | null;
  @Field(() => String, { nullable: true, description: 'The office phone' }) contact_phone!: string | null;
  @Field(() => String, { nullable: true }) address!: string | null;
  @Field() is_active!: boolean;
  @Field(() => String, { nullable: true, description: 'The creating company' }) created_by!: string | null;
  @Field({ description: "Created by the caller's company ('Created by you'), else 'Community'" })
  created_by_you!: boolean;
  @Field() is_favorite!: boolean;
  @Field() has_customer_note!: boolean;
  @Field(() => String, { nullable: true }) customer_contact_name!: string | null;
  @Field(() => String, { nullable: true }) customer_contact_email!: string | null;
  @Field(() => String, { nullable: true }) customer_phone!: string | null;
  @Field(() => String, { nullable: true }) preferred_order_method!: string | null;
  @Field(() => String, { nullable: true }) availability_check_method!: string | null;
  @Field(() => String, { nullable: true }) customer_note!: string | null;
  @Field(() => String, { nullable: true }) zahara_supplier_id!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('SupplierPage', { description: 'A page of suppliers' })
export class SupplierPageModel {
  @Field(() => [SupplierModel]) suppliers!: SupplierModel[];
  @Field(() => PaginationModel) pagination!: PaginationModel;
}

import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('User', { description: 'A member of a company (spec §3); same field names as the REST answers' })
export class UserModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() email!: string;
  @Field({ description: 'admin, user or viewer' }) role!: string;
  @Field() customer_id!: string;
  @Field(() => String, { nullable: true }) profile_picture_url!: string | null;
  @Field(() => String, { nullable: true }) language_preference!: string | null;
  @Field() is_active!: boolean;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('Customer', { description: 'A company (tenant)' })
export class CustomerModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() address!: string;
  @Field() status!: string;
  @Field() subscription_plan!: string;
  @Field(() => String, { nullable: true }) subscription_start_date!: string | null;
  @Field(() => String, { nullable: true }) subscription_end_date!: string | null;
  @Field(() => String, { nullable: true }) subscription_canceled_at!: string | null;
}

@ObjectType('Me', { description: 'The signed-in user and their company' })
export class MeModel {
  @Field(() => UserModel) user!: UserModel;
  @Field(() => CustomerModel) customer!: CustomerModel;
}

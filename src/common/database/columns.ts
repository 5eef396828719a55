import { Column, CreateDateColumn, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Prefixed ULID primary key (`agt_01J...`), assigned by the service, never by the database. */
export const IdColumn = (): PropertyDecorator => PrimaryColumn({ type: 'varchar', length: 40 });

export const OrgIdColumn = (): PropertyDecorator => Column({ type: 'varchar', length: 40 });

export const CreatedAtColumn = (): PropertyDecorator => CreateDateColumn({ type: 'timestamptz', precision: 3 });

export const UpdatedAtColumn = (): PropertyDecorator => UpdateDateColumn({ type: 'timestamptz', precision: 3 });

export const TimestampColumn = (options: { nullable?: boolean } = {}): PropertyDecorator =>
  Column({ type: 'timestamptz', precision: 3, nullable: options.nullable ?? false });

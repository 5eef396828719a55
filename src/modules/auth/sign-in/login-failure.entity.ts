import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A failed sign-in, kept for the throttling window: counted per account (email) and per client address. */
@Entity('login_failure')
@Index('ix_login_failure_email', ['email', 'createdAt'])
@Index('ix_login_failure_ip', ['ip', 'createdAt'])
export class LoginFailureEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** Lower-cased; the account is the address, whichever organizations hold it. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

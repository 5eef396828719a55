import { JoinColumn, ManyToOne } from 'typeorm';
import { UserEntity } from '#src/modules/users/user.entity.js';

/** The foreign key from a user's credential row to the user; deleting the user deletes the row, so it stops working at once. */
export function BelongsToUser(): PropertyDecorator {
  return (target, propertyKey) => {
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })(target, propertyKey);
    JoinColumn({ name: 'user_id' })(target, propertyKey);
  };
}

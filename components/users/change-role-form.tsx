import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeRoleSchema, type ChangeRoleInput } from '@/lib/users/user-schema';
import type { Role } from '@/lib/auth/permissions';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

/** The role select of one user's row; submitting ends that user's sessions (the role is in them). */
export function ChangeRoleForm({
  userId,
  email,
  role,
  onSubmit,
}: {
  userId: string;
  email: string;
  role: Role;
  onSubmit: (input: ChangeRoleInput) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    control,
    formState: { isSubmitting },
  } = useForm<ChangeRoleInput>({ resolver: zodResolver(changeRoleSchema), defaultValues: { userId, role }, values: { userId, role } });
  const chosen = useWatch({ control, name: 'role' });
  return (
    <form onSubmit={handleSubmit(onSubmit)} className={styles.actions}>
      <input type="hidden" {...register('userId')} />
      <select {...register('role')} aria-label={`Role of ${email}`} className={`${ui.input} ${ui.small}`} style={{ width: 'auto' }}>
        <option value="WRITER">Writer</option>
        <option value="EDITOR">Editor</option>
        <option value="ADMIN">Admin</option>
      </select>
      <button type="submit" className={`${ui.button} ${ui.small}`} disabled={isSubmitting || chosen === role}>
        Change role
      </button>
    </form>
  );
}

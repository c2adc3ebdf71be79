import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { adminUserUpdateBodySchema, type AdminUserUpdateBody, type User } from '@shop/shared';
import { CheckboxField } from '@/components/form/choice-fields';
import { ErrorSummary } from '@/components/form/error-summary';
import { FieldError, Form, useFieldError } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { useUpdateUserMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';

import './admin-form.css';

const FIELDS = [
  { name: 'name', id: 'user-name' },
  { name: 'email', id: 'user-email' },
  { name: 'isAdmin', id: 'user-is-admin' },
  { name: 'isKid', id: 'user-is-kid' },
] as const;

/**
 * User edit: name, email, isAdmin, isKid; Update returns to the user list. The server's
 * own `adminUserUpdateBodySchema` checks the fields before they are sent.
 */
export function UserEditForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [updateUser] = useUpdateUserMutation();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof adminUserUpdateBodySchema>, unknown, AdminUserUpdateBody>({
    resolver: zodResolver(adminUserUpdateBodySchema),
    defaultValues: { name: user.name, email: user.email, isAdmin: user.isAdmin, isKid: user.isKid },
  });

  const submit = async (body: AdminUserUpdateBody) => {
    try {
      await updateUser({ _id: user._id, ...body }).unwrap();
      await navigate(paths.adminUsers);
    } catch (error) {
      showServerError(form.setError, error, { fields: FIELDS.map((f) => f.name) });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <Form className="admin-form" form={form} onSubmit={submit} withSummary>
      <ErrorSummary className="admin-form__summary" fields={[...FIELDS]} />
      <TextField id="user-name" name="name" label={t('admin.userEdit.name')} autoComplete="off" />
      <TextField
        id="user-email"
        name="email"
        type="email"
        label={t('admin.userEdit.email')}
        autoComplete="off"
      />
      <div className="admin-form__checks">
        <CheckboxField
          id="user-is-admin"
          name="isAdmin"
          label={t('admin.userEdit.isAdmin')}
          className="choice admin-form__check"
        />
        <CheckboxField
          id="user-is-kid"
          name="isKid"
          label={t('admin.userEdit.isKid')}
          className="choice admin-form__check"
        />
      </div>
      <FlagError />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t('admin.updating') : t('admin.update')}
        </button>
      </div>
    </Form>
  );
}

/** A refusal of a flag (e.g. removing one's own admin rights) under the two checkboxes. */
function FlagError() {
  const isAdmin = useFieldError('isAdmin');
  const isKid = useFieldError('isKid');
  return <FieldError id="user-is-admin-error" message={isAdmin ?? isKid} />;
}

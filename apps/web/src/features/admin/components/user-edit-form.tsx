import { useState, type FormEvent } from 'react';
import type { User } from '@shop/shared';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { fieldErrors } from '@/lib/api/errors';
import { useUpdateUserMutation } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { FieldError, FormErrorSummary } from './form-errors';
import { InputField } from './input-field';
import './admin-form.css';

const FIELD_IDS = {
  name: 'user-name',
  email: 'user-email',
  isAdmin: 'user-is-admin',
  isKid: 'user-is-kid',
} as const;

/** SPEC §2 User edit: name, email, isAdmin, isKid; Update returns to the user list. */
export function UserEditForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [isKid, setIsKid] = useState(user.isKid);
  const [updateUser, update] = useUpdateUserMutation();
  const navigate = useNavigate();
  const errors = fieldErrors(update.error);
  const t = text.admin.userEdit;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await updateUser({ _id: user._id, name, email, isAdmin, isKid });
    if (!('error' in result)) await navigate(paths.adminUsers);
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <FormErrorSummary
        error={update.error}
        fields={errors}
        fieldIds={(path) => (FIELD_IDS as Record<string, string>)[path]}
      />
      <InputField
        id={FIELD_IDS.name}
        name="name"
        label={t.name}
        value={name}
        onChange={setName}
        error={errors.name}
      />
      <InputField
        id={FIELD_IDS.email}
        name="email"
        type="email"
        label={t.email}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <div className="admin-form__checks">
        <label className="choice admin-form__check">
          <input
            id={FIELD_IDS.isAdmin}
            type="checkbox"
            checked={isAdmin}
            onChange={(e) => setIsAdmin(e.target.checked)}
          />
          {t.isAdmin}
        </label>
        <label className="choice admin-form__check">
          <input
            id={FIELD_IDS.isKid}
            type="checkbox"
            checked={isKid}
            onChange={(e) => setIsKid(e.target.checked)}
          />
          {t.isKid}
        </label>
      </div>
      <FieldError id={`${FIELD_IDS.isAdmin}-error`} message={errors.isAdmin} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={update.isLoading}>
          {update.isLoading ? text.admin.updating : text.admin.update}
        </button>
      </div>
    </form>
  );
}

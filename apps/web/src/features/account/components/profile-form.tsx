import { useState, type FormEvent } from 'react';
import type { UserInfo } from '@shop/shared';
import { useAppDispatch } from '@/app/store';
import { errorMessage, fieldErrors } from '@/lib/api/errors';
import { useUpdateProfileMutation } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { credentialsReceived } from '@/stores/user-slice';
import { PasswordField, TextField } from './text-field';

const t = text.account.profile;
const fields = text.account.fields;

function PencilIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  );
}

function EditButton({
  label,
  pressed,
  onClick,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="icon-button profile-form__edit"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      <PencilIcon />
    </button>
  );
}

/** Name and email stay read-only until their pencil is clicked; the password confirms the update. */
export function ProfileForm({ userInfo }: { userInfo: UserInfo }) {
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading, error, isSuccess, reset }] = useUpdateProfileMutation();
  const [name, setName] = useState(userInfo.name);
  const [email, setEmail] = useState(userInfo.email);
  const [editing, setEditing] = useState({ name: false, email: false });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const result = await updateProfile({ name: name.trim(), email: email.trim(), password });
    if (result.data) {
      // The answer carries a fresh token: the old one stops working once the password changes.
      dispatch(credentialsReceived(result.data));
      setPassword('');
      setConfirm('');
      setEditing({ name: false, email: false });
    }
  };

  const problems = fieldErrors(error);
  const fieldProblem = problems['name'] ?? problems['email'] ?? problems['password'];

  return (
    <form className="auth-form profile-form" onSubmit={submit}>
      <TextField
        id="profile-name"
        label={fields.name}
        autoComplete="name"
        value={name}
        onChange={setName}
        readOnly={!editing.name}
        error={problems['name']}
        action={
          <EditButton
            label={t.editName}
            pressed={editing.name}
            onClick={() => setEditing((e) => ({ ...e, name: !e.name }))}
          />
        }
      />
      <TextField
        id="profile-email"
        label={fields.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        readOnly={!editing.email}
        error={problems['email']}
        action={
          <EditButton
            label={t.editEmail}
            pressed={editing.email}
            onClick={() => setEditing((e) => ({ ...e, email: !e.email }))}
          />
        }
      />
      <p className="auth-form__hint">{t.passwordHint}</p>
      <PasswordField
        id="profile-password"
        label={fields.password}
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        error={problems['password']}
      />
      <PasswordField
        id="profile-confirm"
        label={fields.confirmPassword}
        autoComplete="new-password"
        required
        value={confirm}
        onChange={setConfirm}
        error={mismatch ? t.passwordsDoNotMatch : undefined}
      />
      {error && !fieldProblem && (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {isSuccess && (
        <p className="message message--success" role="status">
          {t.updated}
        </p>
      )}
      <button className="button" type="submit" disabled={isLoading}>
        {isLoading ? t.updating : t.update}
      </button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES, profileUpdateBodySchema, type UserInfo } from '@shop/shared';
import { Form, FormError } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useUpdateProfileMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { text } from '@/lib/i18n';
import './form.css';

const t = text.account.profile;
const fields = text.account.fields;

const { name, email, password } = profileUpdateBodySchema.shape;
/**
 * The server's own rules (`profileUpdateBodySchema`), with what SPEC §5 adds for this form: the
 * password is required and the confirmation must repeat it ('Password do not match').
 */
const profileFormSchema = z
  .object({
    name: name.unwrap(),
    email: email.unwrap(),
    password: z.string().min(1, t.passwordRequired).pipe(password.unwrap()),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: MESSAGES.profilePasswordsDoNotMatch,
  });
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormOutput = z.output<typeof profileFormSchema>;

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
  const [updateProfile] = useUpdateProfileMutation();
  const [editing, setEditing] = useState({ name: false, email: false });
  const [updated, setUpdated] = useState(false);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: userInfo.name, email: userInfo.email, password: '', confirm: '' },
  });

  const submit = async ({ confirm: _confirm, ...body }: ProfileFormOutput) => {
    setUpdated(false);
    try {
      // The user slice keeps the answer's fresh token: the old one stops working now.
      const answer = await updateProfile(body).unwrap();
      form.reset({ name: answer.name, email: answer.email, password: '', confirm: '' });
      setEditing({ name: false, email: false });
      setUpdated(true);
    } catch (error) {
      showServerError(form.setError, error, { fields: ['name', 'email', 'password'] });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <Form className="auth-form profile-form" form={form} onSubmit={submit}>
      <TextField
        id="profile-name"
        name="name"
        label={fields.name}
        autoComplete="name"
        readOnly={!editing.name}
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
        name="email"
        label={fields.email}
        type="email"
        autoComplete="email"
        readOnly={!editing.email}
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
        name="password"
        revalidates={['confirm']}
        label={fields.password}
        autoComplete="new-password"
        required
      />
      <PasswordField
        id="profile-confirm"
        name="confirm"
        label={fields.confirmPassword}
        autoComplete="new-password"
        required
      />
      <FormError />
      {updated && (
        <p className="message message--success" role="status">
          {t.updated}
        </p>
      )}
      <button className="button" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t.updating : t.update}
      </button>
    </Form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  profileUpdateBodySchema,
  type ProfileUpdateBody,
  type UserInfo,
} from '@shop/shared';
import { Form, FormError } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useGetProfileQuery, useUpdateProfileMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';
import { PendingEmail } from './pending-email';
import './form.css';

const { name, email } = profileUpdateBodySchema.shape;

/** The words of the shared password rules: the field checks say what the server would. */
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The server's own rules (`profileUpdateBodySchema`) and what the form adds (issue 31): the new
 * password is optional (empty keeps the current one) and its confirmation must repeat it
 * ('Password do not match'); changing the e-mail or the password needs the current
 * password.
 */
function profileFormSchema(currentEmail: string, currentPasswordRequired: string) {
  return z
    .object({
      name: name.unwrap(),
      email: email.unwrap(),
      password: z
        .string()
        .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
        .refine((value) => value === '' || value.length >= PASSWORD_MIN, PASSWORD_TOO_SHORT),
      confirm: z.string(),
      currentPassword: z.string().max(PASSWORD_MAX, PASSWORD_TOO_LONG),
    })
    .superRefine((values, check) => {
      if (values.password !== values.confirm)
        check.addIssue({
          code: 'custom',
          path: ['confirm'],
          message: MESSAGES.profilePasswordsDoNotMatch,
        });
      const guarded = values.password !== '' || !sameEmail(values.email, currentEmail);
      if (guarded && values.currentPassword === '')
        check.addIssue({
          code: 'custom',
          path: ['currentPassword'],
          message: currentPasswordRequired,
        });
    });
}
type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;
type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>;

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

/** What the server asked to know of a refused update: its stable code. */
const codeOf = (error: unknown): unknown =>
  error && typeof error === 'object' && 'data' in error
    ? (error.data as { code?: unknown } | null)?.code
    : undefined;

/**
 * Name and email stay read-only until their pencil is clicked. A new password is optional; the
 * current password is asked for (and sent) only when the e-mail or the password changes. A new
 * e-mail waits for the link mailed to it: the form says so while it is pending, and offers to
 * cancel it (issue 49); a new password ends it (the server voids it, the answer shows it gone).
 */
export function ProfileForm({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const [updateProfile] = useUpdateProfileMutation();
  // The server's view: the pending address, and the address once a link was followed elsewhere.
  // An update's answer is written into it (lib/api/users.ts), so it is never behind the form.
  const { data: profile } = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState({ name: false, email: false });
  /** What the last action did: saved the profile, or cancelled the pending e-mail change. */
  const [done, setDone] = useState<'updated' | 'pendingCancelled' | undefined>();
  // The cancel button goes with the notice: the keyboard's focus moves to what replaced it.
  const cancelledNotice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done === 'pendingCancelled') cancelledNotice.current?.focus();
  }, [done]);
  const currentEmail = userInfo.email;
  const schema = useMemo(
    () => profileFormSchema(currentEmail, t('account.profile.currentPasswordRequired')),
    [currentEmail, t],
  );
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: userInfo.name,
      email: userInfo.email,
      password: '',
      confirm: '',
      currentPassword: '',
    },
  });
  const [typedEmail = '', typedPassword = ''] = useWatch({
    control: form.control,
    name: ['email', 'password'],
  });
  const asksCurrentPassword = typedPassword !== '' || !sameEmail(typedEmail, currentEmail);
  const pendingEmail = profile?.pendingEmail;

  const submit = async (values: ProfileFormOutput) => {
    setDone(undefined);
    const body: ProfileUpdateBody = { name: values.name };
    if (!sameEmail(values.email, currentEmail)) body.email = values.email;
    if (values.password !== '') body.password = values.password;
    if (body.email !== undefined || body.password !== undefined)
      body.currentPassword = values.currentPassword;
    try {
      // The user slice keeps the answer's fresh token: the old one stops working once the password changes.
      const answer = await updateProfile(body).unwrap();
      form.reset({
        name: answer.name,
        email: answer.email,
        password: '',
        confirm: '',
        currentPassword: '',
      });
      setEditing({ name: false, email: false });
      setDone('updated');
    } catch (error) {
      if (codeOf(error) === 'WRONG_PASSWORD') {
        form.setError(
          'currentPassword',
          { type: 'server', message: MESSAGES.wrongPassword },
          { shouldFocus: true },
        );
        return;
      }
      showServerError(form.setError, error, {
        fields: ['name', 'email', 'password', 'currentPassword'],
      });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <Form className="auth-form profile-form" form={form} onSubmit={submit}>
      <TextField
        id="profile-name"
        name="name"
        label={t('account.fields.name')}
        autoComplete="name"
        readOnly={!editing.name}
        action={
          <EditButton
            label={t('account.profile.editName')}
            pressed={editing.name}
            onClick={() => setEditing((e) => ({ ...e, name: !e.name }))}
          />
        }
      />
      <TextField
        id="profile-email"
        name="email"
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        readOnly={!editing.email}
        action={
          <EditButton
            label={t('account.profile.editEmail')}
            pressed={editing.email}
            onClick={() => setEditing((e) => ({ ...e, email: !e.email }))}
          />
        }
      />
      {pendingEmail ? (
        <PendingEmail
          pendingEmail={pendingEmail}
          currentEmail={currentEmail}
          onCancelled={() => setDone('pendingCancelled')}
        />
      ) : (
        done === 'pendingCancelled' && (
          <p className="message message--success" role="status" tabIndex={-1} ref={cancelledNotice}>
            {t('account.profile.pendingCancelled', { current: currentEmail })}
          </p>
        )
      )}
      <PasswordField
        id="profile-password"
        name="password"
        revalidates={['confirm', 'currentPassword']}
        label={t('account.fields.newPassword')}
        hint={t('account.profile.newPasswordHint')}
        autoComplete="new-password"
      />
      <PasswordField
        id="profile-confirm"
        name="confirm"
        label={t('account.fields.confirmNewPassword')}
        autoComplete="new-password"
      />
      {asksCurrentPassword && (
        <PasswordField
          id="profile-current-password"
          name="currentPassword"
          label={t('account.profile.currentPassword')}
          hint={t('account.profile.currentPasswordHint')}
          autoComplete="current-password"
          required
        />
      )}
      <FormError />
      {done === 'updated' && (
        <p className="message message--success" role="status">
          {t('account.profile.updated')}
        </p>
      )}
      <button className="button" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('account.profile.updating') : t('account.profile.update')}
      </button>
    </Form>
  );
}

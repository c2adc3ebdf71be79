import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/api/errors';
import { useCancelPendingEmailMutation } from '@/lib/api/users';

/**
 * A pending e-mail change on the profile (issues 31 and 49): where the link went, which address
 * the account keeps meanwhile, and "Cancel this change". Cancelling writes the answered profile
 * (without `pendingEmail`) into the cache, so the notice goes at once; `onCancelled` lets the
 * form say so.
 */
export function PendingEmail({
  pendingEmail,
  currentEmail,
  onCancelled,
}: {
  pendingEmail: string;
  currentEmail: string;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const [cancelPending, { isLoading, error, reset }] = useCancelPendingEmailMutation();

  const cancel = async () => {
    reset();
    try {
      await cancelPending().unwrap();
      onCancelled();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <div className="message message--info profile-form__pending" data-testid="pending-email">
      <p className="profile-form__pending-text">
        {t('account.profile.pendingEmail', { email: pendingEmail, current: currentEmail })}
      </p>
      <button
        type="button"
        className="button button--ghost profile-form__cancel-pending"
        onClick={() => void cancel()}
        disabled={isLoading}
      >
        {isLoading ? t('account.profile.cancellingPending') : t('account.profile.cancelPending')}
      </button>
      {error && (
        <p className="message message--error profile-form__pending-error" role="alert">
          {serverMessage(error, t('account.cancelEmail.failed'))}
        </p>
      )}
    </div>
  );
}

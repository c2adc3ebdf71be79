import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileMutation } from '@/lib/api/users';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage, currentLanguage } from '@/lib/i18n';
import { useAppSelector } from '@/stores/hooks';

/**
 * English, Français, العربية: switches the shop at once (the language's chunk loads on first
 * use), remembers the choice (local storage `lang`) and, when signed in, on the account so the
 * shop's e-mails follow it.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const signedIn = useAppSelector((s) => !!s.user.userInfo);
  const [updateProfile] = useUpdateProfileMutation();

  const choose = async (value: string) => {
    if (!isLanguage(value) || value === currentLanguage()) return;
    await setLanguage(value);
    // The account's language is a preference: a failed save leaves the screen switched.
    if (signedIn) await updateProfile({ language: value });
  };

  return (
    <div className="language-switch">
      <label className="visually-hidden" htmlFor={id}>
        {t('common.language.label')}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={currentLanguage()}
        onChange={(event) => void choose(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useState } from 'react';
import { useAppSelector } from '@/stores/hooks';
import { RequireAuth } from '@/components/guards';
import { useTranslation } from 'react-i18next';

import { MyCertificates } from '../components/my-certificates';
import { MyOrders, OrdersIPay } from '../components/my-orders';
import { MyWaitlists } from '../components/my-waitlists';
import { ProfileForm } from '../components/profile-form';
import { TextConsentSection } from '../components/text-consent';
import '../components/profile.css';

export function ProfileRoute() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}

/** /profile: "Show my infos", "Show my orders" and "Show my certificates" switch between the panels. */
function Profile() {
  const { t } = useTranslation();
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const [panel, setPanel] = useState<'infos' | 'orders' | 'paying' | 'certificates' | 'waitlists'>('infos');
  if (!userInfo) return null;

  return (
    <div className="container page profile">
      <h1 className="page__title">{t('account.profile.title')}</h1>
      <div className="profile__switch" role="group" aria-label={t('account.profile.title')}>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'infos'}
          onClick={() => setPanel('infos')}
        >
          {t('account.profile.showInfos')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'orders'}
          onClick={() => setPanel('orders')}
        >
          {t('account.profile.showOrders')}
        </button>
        {/* Issue 51: the children's orders this adult accepted to pay. */}
        {!userInfo.isKid && (
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={panel === 'paying'}
            onClick={() => setPanel('paying')}
          >
            {t('payer.mine.show')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'certificates'}
          onClick={() => setPanel('certificates')}
        >
          {t('certificates.mine.show')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'waitlists'}
          onClick={() => setPanel('waitlists')}
        >
          {t('sessions.waitlist.show')}
        </button>
      </div>
      <section className="profile__panel">
        <h2 id="profile-panel-title" className="section-title">
          {panel === 'infos'
            ? t('account.profile.infoTitle')
            : panel === 'orders'
              ? t('account.profile.ordersTitle')
              : panel === 'paying'
                ? t('payer.mine.title')
              : panel === 'waitlists'
                ? t('sessions.waitlist.mine')
                : t('certificates.mine.title')}
        </h2>
        {/* The key gives a fresh form for a freshly signed-in user. */}
        {panel === 'infos' ? (
          <>
            <ProfileForm key={userInfo._id} userInfo={userInfo} />
            <TextConsentSection />
          </>
        ) : panel === 'orders' ? (
          <MyOrders />
        ) : panel === 'paying' ? (
          <OrdersIPay />
        ) : panel === 'waitlists' ? (
          <MyWaitlists />
        ) : (
          <MyCertificates />
        )}
      </section>
    </div>
  );
}

import { useState } from 'react';
import { useAppSelector } from '@/app/store';
import { RequireAuth } from '@/components/guards';
import { text } from '@/lib/i18n';
import { MyOrders } from '../components/my-orders';
import { ProfileForm } from '../components/profile-form';
import '../components/profile.css';

const t = text.account.profile;

export function ProfileRoute() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}

/** /profile: "Show my infos" and "Show my orders" switch between the two panels. */
function Profile() {
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const [panel, setPanel] = useState<'infos' | 'orders'>('infos');
  if (!userInfo) return null;

  return (
    <div className="container page profile">
      <h1 className="page__title">{t.title}</h1>
      <div className="profile__switch" role="group" aria-label={t.title}>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'infos'}
          onClick={() => setPanel('infos')}
        >
          {t.showInfos}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'orders'}
          onClick={() => setPanel('orders')}
        >
          {t.showOrders}
        </button>
      </div>
      <section className="profile__panel">
        <h2 id="profile-panel-title" className="section-title">
          {panel === 'infos' ? t.infoTitle : t.ordersTitle}
        </h2>
        {/* The key gives a fresh form for a freshly signed-in user. */}
        {panel === 'infos' ? <ProfileForm key={userInfo._id} userInfo={userInfo} /> : <MyOrders />}
      </section>
    </div>
  );
}

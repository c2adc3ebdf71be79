import type { TextMessage } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { AdminTable } from './admin-table';
import './admin-list.css';

const when = (iso: string) => `${formatDate(iso)} ${new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}`;

/** One row per text message: when, to whom, channel, what, status and tries, why it failed. */
export function TextMessagesTable({ messages }: { messages: TextMessage[] }) {
  const { t } = useTranslation();
  return (
    <AdminTable
      caption={t('texts.admin.title')}
      head={
        <>
          <th scope="col">{t('texts.admin.when')}</th>
          <th scope="col">{t('texts.admin.to')}</th>
          <th scope="col">{t('texts.admin.channel')}</th>
          <th scope="col">{t('texts.admin.what')}</th>
          <th scope="col">{t('texts.admin.status')}</th>
          <th scope="col">{t('texts.admin.attempts')}</th>
          <th scope="col">{t('texts.admin.why')}</th>
        </>
      }
    >
      {messages.map((m) => (
        <tr key={m._id}>
          <td data-label={t('texts.admin.when')}>{when(m.createdAt)}</td>
          <td data-label={t('texts.admin.to')}>
            {m.user?.name ?? '—'}
            <br />
            <span dir="ltr" className="text-message__phone">{m.phone}</span>
          </td>
          <td data-label={t('texts.admin.channel')}>{t(`texts.admin.channels.${m.channel}`)}</td>
          <td data-label={t('texts.admin.what')} className="text-message__text">
            <code>{m.template}</code> · {m.language}
            <br />
            <span dir="auto">{m.text}</span>
          </td>
          <td data-label={t('texts.admin.status')}>
            <span className={`admin-status admin-status--${m.status === 'sent' ? 'yes' : m.status === 'failed' ? 'no' : 'wait'}`}>
              {t(`texts.admin.${m.status}`)}
            </span>
            {m.sentAt && <span className="text-message__meta"> · {when(m.sentAt)}</span>}
            {m.nextTryAt && <span className="text-message__meta"> · {t('texts.admin.nextTry', { at: when(m.nextTryAt) })}</span>}
          </td>
          <td data-label={t('texts.admin.attempts')}>{m.attempts}</td>
          <td data-label={t('texts.admin.why')} className="text-message__error">
            {m.lastError ?? ''}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

import { TEXT_STATUSES, type TextStatus } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { i18n } from '@/lib/i18n';
import { useExportTextMessagesMutation, useGetTextMessagesQuery } from '../api/text-messages';
import { ListFilters, type FilterField } from '../components/list-filters';
import { PagedList } from '../components/paged-list';
import { TextMessagesTable } from '../components/text-messages-table';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';
import '../components/text-messages.css';
import { saveDownload } from '@/lib/save-download';

const FILTER_KEYS = ['q', 'status'] as const;
const filterFields = (): FilterField<(typeof FILTER_KEYS)[number]>[] => [
  { name: 'q', label: i18n.t('texts.admin.search'), kind: 'search' },
  {
    name: 'status',
    label: i18n.t('texts.admin.status'),
    kind: 'select',
    options: TEXT_STATUSES.map((s) => ({ value: s, label: i18n.t(`texts.admin.${s}`) })),
    emptyLabel: i18n.t('texts.admin.all'),
  },
];

const statusOf = (value: string | undefined): TextStatus | undefined =>
  (TEXT_STATUSES as readonly string[]).includes(value ?? '') ? (value as TextStatus) : undefined;

/** /admin/messages (issue 53): the SMS and WhatsApp messages, sent, waiting or failed; searchable; CSV. */
export function TextMessageListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const args = { q: filters.q, status: statusOf(filters.status) };
  const { data, error, isLoading, isFetching } = useGetTextMessagesQuery({ ...args, page, limit: ADMIN_PAGE_SIZE });
  const [exportCsv, exporting] = useExportTextMessagesMutation();

  const onExport = async () => {
    try {
      const url = await exportCsv(args).unwrap();
      saveDownload(url, `messages-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      // Shown below from the mutation's state.
    }
  };

  return (
    <section className="container page" aria-labelledby="admin-messages-title">
      <header className="admin-screen__header">
        <h1 id="admin-messages-title" className="page__title">
          {t('texts.admin.title')}
        </h1>
        <div className="admin-export">
          <button type="button" className="button button--small" onClick={() => void onExport()} disabled={exporting.isLoading}>
            {t('texts.admin.exportCsv')}
          </button>
          {exporting.error && (
            <p className="admin-form__hint" role="alert">
              {errorMessage(exporting.error)}
            </p>
          )}
        </div>
      </header>
      <ListFilters label={t('texts.admin.title')} fields={filterFields()} values={filters} onApply={setFilters} />
      <PagedList
        label={t('texts.admin.title')}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.messages.length}
        total={data?.total}
      >
        {data && <TextMessagesTable messages={data.messages} />}
      </PagedList>
    </section>
  );
}

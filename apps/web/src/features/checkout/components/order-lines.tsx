import { CourseImage } from '@/components/ui/course-image';
import { useLocalName } from '@/lib/i18n/course-text';
import { calculateOrderAmounts } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import type { OrderLineSession } from '@shop/shared';
import { IsolatedParts } from '@/components/ui/isolated-parts';
import { formatSessionDates, placeOf, scheduleOf } from '@/lib/sessions';

export interface OrderLineView {
  /** The course id; null once the course was deleted (the order keeps its name and price). */
  course: string | null;
  name: string;
  /** The course's French and Arabic names as sold (issue 54); '' or absent: the main name. */
  nameFr?: string | undefined;
  nameAr?: string | undefined;
  image: string | undefined;
  qty: number;
  price: number;
  /** The dated session of the seats (issue 33); null or absent for a course without sessions. */
  session?: OrderLineSession | null;
  /** The people named for the seats (issue 51); absent in a cart. */
  learners?: { _id: string; name: string; email: string | null; phone?: string | null }[];
}

/** Lines of a cart under review or of a placed order: image, name, qty x price = line total in $. */
/** A line's named learners (issue 51), then how many of its seats stay the buyer's. */
export function LearnerList({ learners, qty }: { learners: NonNullable<OrderLineView['learners']>; qty: number }) {
  const { t } = useTranslation();
  return (
    <ul>
      {learners.map((learner) => (
        <li key={learner._id}>
          <bdi>{learner.name}</bdi>
          {learner.email && (
            <>
              {' · '}
              <bdi dir="ltr">{learner.email}</bdi>
            </>
          )}
        </li>
      ))}
      {qty > learners.length && <li>{t('checkout.learners.unnamed', { count: qty - learners.length })}</li>}
    </ul>
  );
}

export function OrderLines({ lines, hideLearners = false }: { lines: OrderLineView[]; hideLearners?: boolean }) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  return (
    <ul className="order-lines">
      {lines.map((line, index) => {
        const lineTotal = calculateOrderAmounts([line]).itemsPrice;
        return (
          <li className="order-lines__line" key={line.course ?? `deleted-${index}`}>
            <CourseImage
              className="order-lines__image"
              src={line.image || undefined}
              width={64}
              height={48}
              loading="lazy"
            />
            {line.course ? (
              <Link className="order-lines__name" to={paths.course(line.course)}>
                <bdi>{nameOf(line)}</bdi>
              </Link>
            ) : (
              <span className="order-lines__name">
                <bdi>{nameOf(line)}</bdi>
              </span>
            )}
            {line.session && (
              <span className="order-lines__session">
                <span className="visually-hidden">{t('sessions.lineSession')}: </span>
                <IsolatedParts parts={[formatSessionDates(line.session), scheduleOf(line.session), placeOf(line.session)]} />
              </span>
            )}
            {!hideLearners && line.learners && line.learners.length > 0 && (
              <div className="order-lines__learners">
                <span className="order-lines__learners-title">{t('checkout.learners.title')}</span>
                <LearnerList learners={line.learners} qty={line.qty} />
              </div>
            )}
            {/* Arithmetic reads left to right in every language. */}
            <span className="order-lines__math" dir="ltr">
              {t('checkout.lineTotal', {
                qty: line.qty,
                price: formatMoney(line.price, 'checkout'),
                total: formatMoney(lineTotal, 'checkout'),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

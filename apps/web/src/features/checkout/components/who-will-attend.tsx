import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localName } from '@/lib/i18n/course-text';
import { cartLearnersSaved, type CartItem } from '@/stores/cart-slice';
import { useAppDispatch } from '@/stores/hooks';
import { LearnersFields } from './learners-fields';

/**
 * Checkout's "Who will attend?" (issue 51): per cart line, "Me" (the default: nothing is sent)
 * or the names of the people in the seats, kept in the cart state.
 */
export function WhoWillAttend({ items, showErrors }: { items: CartItem[]; showErrors: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <section className="review__section" aria-labelledby="review-learners">
      <h2 id="review-learners" className="review__title">
        {t('checkout.learners.attend')}
      </h2>
      {items.map((item) => {
        const name = localName(item, currentLanguage());
        const naming = item.learners !== undefined;
        const choose = (learners: CartItem['learners'] | null) =>
          dispatch(cartLearnersSaved({ course: item.course, learners: learners ?? null }));
        return (
          <fieldset className="who-will-attend" key={item.course}>
            <legend className="choice-group__legend who-will-attend__course">
              <bdi>{name}</bdi>
            </legend>
            <div className="choice-group">
              <label className="choice">
                <input
                  type="radio"
                  name={`attend-${item.course}`}
                  checked={!naming}
                  onChange={() => choose(null)}
                />
                {t('checkout.learners.me')}
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name={`attend-${item.course}`}
                  checked={naming}
                  onChange={() => choose(item.learners ?? [{ name: '', email: '' }])}
                />
                {t('checkout.learners.names')}
              </label>
            </div>
            {naming && (
              <LearnersFields
                qty={item.qty}
                rows={item.learners ?? []}
                onChange={(rows) => choose(rows)}
                showErrors={showErrors}
              />
            )}
          </fieldset>
        );
      })}
    </section>
  );
}

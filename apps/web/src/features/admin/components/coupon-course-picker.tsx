import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCoursesQuery } from '@/lib/api/courses';
import { courseText } from '@/lib/i18n/course-text';
import { isLanguage } from '@/lib/i18n/languages';
import './coupon-course-picker.css';

/**
 * The coupon's courses (issue 54: 46 bare checkboxes, no search): a search box asks the catalogue
 * (the shop's own keyword search, so accents and Arabic spellings are met), the chosen courses are
 * listed first as removable chips, and the matches below as checkboxes.
 */
export function CoursePicker({
  chosen,
  onChange,
}: {
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim());
  const { data, isFetching } = useGetCoursesQuery({ limit: 24, ...(keyword ? { keyword } : {}) });
  // Names of the courses seen, so chosen ones stay named when the search moves on.
  const [names, setNames] = useState<Record<string, string>>({});
  const matches = data?.courses ?? [];
  const unseen = matches.filter((course) => names[course._id] === undefined);
  if (unseen.length > 0)
    setNames((known) => ({
      ...known,
      ...Object.fromEntries(unseen.map((c) => [c._id, courseText(c, language).name])),
    }));
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  return (
    <fieldset className="admin-form__fieldset course-picker">
      <legend className="admin-form__legend">{t('coupons.courses')}</legend>
      {chosen.length > 0 && (
        <ul
          className="course-picker__chosen"
          aria-label={t('coupons.chosenCourses', { count: chosen.length })}
        >
          {chosen.map((id) => (
            <li key={id} className="course-picker__chip">
              <bdi>{names[id] ?? id}</bdi>
              <button
                type="button"
                className="course-picker__remove"
                aria-label={t('coupons.removeCourse', { name: names[id] ?? id })}
                onClick={() => toggle(id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="field__label" htmlFor="coupon-course-search">
        {t('coupons.searchCourses')}
      </label>
      <input
        id="coupon-course-search"
        className="field__input"
        type="search"
        value={search}
        autoComplete="off"
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="admin-form__checks course-picker__matches" aria-busy={isFetching}>
        {matches.map((course) => (
          <label key={course._id} className="choice admin-form__check">
            <input
              type="checkbox"
              checked={chosen.includes(course._id)}
              onChange={() => toggle(course._id)}
            />
            <bdi>{courseText(course, language).name}</bdi>
          </label>
        ))}
        {!isFetching && matches.length === 0 && (
          <p className="admin-form__hint">{t('coupons.noCourseFound')}</p>
        )}
      </div>
    </fieldset>
  );
}

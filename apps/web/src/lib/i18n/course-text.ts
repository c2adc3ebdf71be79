import type { Course } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from './languages';

type Texts = Pick<Course, 'name' | 'description'> &
  Partial<Pick<Course, 'nameFr' | 'nameAr' | 'descriptionFr' | 'descriptionAr'>>;

/** A course's name and description in a language, each falling back to the main text. */
export function courseText(
  course: Texts,
  language: Language,
): { name: string; description: string } {
  if (language === 'fr')
    return {
      name: course.nameFr || course.name,
      description: course.descriptionFr || course.description,
    };
  if (language === 'ar')
    return {
      name: course.nameAr || course.name,
      description: course.descriptionAr || course.description,
    };
  return { name: course.name, description: course.description };
}

/** The course's name and description in the language on screen (issue 18). */
export function useCourseText(course: Texts): { name: string; description: string } {
  const { i18n } = useTranslation();
  return courseText(course, isLanguage(i18n.language) ? i18n.language : 'en');
}

/** A course name kept with its translations (a cart line) in a language, else the main name. */
export function localName(
  item: { name: string; nameFr?: string | undefined; nameAr?: string | undefined },
  language: Language,
): string {
  if (language === 'fr') return item.nameFr || item.name;
  if (language === 'ar') return item.nameAr || item.name;
  return item.name;
}

/** `localName` in the language on screen (issue 54: order lines, admin lists). */
export function useLocalName(): (item: { name: string; nameFr?: string | undefined; nameAr?: string | undefined }) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (item) => localName(item, language);
}

/** A certificate's courses in the language on screen, as issued (issue 54). */
export function useCertificateCourse(): (certificate: { course: string; courseFr?: string | undefined; courseAr?: string | undefined }) => string {
  const name = useLocalName();
  return (certificate) => name({ name: certificate.course, nameFr: certificate.courseFr, nameAr: certificate.courseAr });
}

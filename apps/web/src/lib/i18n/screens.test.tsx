import type { Course } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFound } from '@/app/not-found';
import { Header } from '@/components/layout/header';
import { CourseCard } from '@/features/catalogue/components/course-card';
import { CartRoute } from '@/features/checkout/routes/cart';
import { cartLineOf } from '@/stores/cart-slice';
import { renderWithProviders } from '@/testing/render';
import { setLanguage, type Language } from './index';

/** Issue 18: key screens render in English, French and Arabic. */
const course: Course = {
  _id: 'c1',
  name: 'Drawing Fundamentals',
  price: 1234.5,
  description: 'Lines and shadows.',
  nameFr: 'Les bases du dessin',
  nameAr: 'أساسيات الرسم',
  descriptionFr: '',
  descriptionAr: '',
  images: ['/images/courses/drawing-1.svg'],
  category: ['Art'],
  sizes: ['M'],
  availability: 4,
  rating: 4,
  numReviews: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const expected: Record<
  Language,
  {
    name: string;
    reviews: string;
    price: string;
    add: string;
    notFound: string;
    home: string;
    emptyCart: string;
    category: string;
  }
> = {
  en: {
    name: 'Drawing Fundamentals',
    reviews: '(1 review)',
    price: '1234.50 Tnd',
    add: 'Add Drawing Fundamentals to the cart',
    notFound: '404 Not Found',
    home: 'Home',
    emptyCart: 'Wow Such an empty Cart',
    category: 'Art',
  },
  fr: {
    name: 'Les bases du dessin',
    reviews: '(1 avis)',
    price: '1 234,50 Tnd',
    add: 'Ajouter Les bases du dessin au panier',
    notFound: '404 Page introuvable',
    home: 'Accueil',
    emptyCart: 'Oh, un panier bien vide',
    category: 'Art',
  },
  ar: {
    name: 'أساسيات الرسم',
    reviews: '(مراجعة واحدة)',
    price: '1.234,50 Tnd',
    add: 'أضف أساسيات الرسم إلى السلة',
    notFound: '404 الصفحة غير موجودة',
    home: 'الرئيسية',
    emptyCart: 'يا لها من سلة فارغة',
    category: 'الفن',
  },
};

describe.each(['en', 'fr', 'ar'] as const)('screens in %s', (language) => {
  afterEach(async () => {
    await setLanguage('en');
  });
  const words = expected[language];

  it('a course card: the course’s own name in the language, plural, price and actions', async () => {
    await setLanguage(language);
    renderWithProviders(<CourseCard course={course} />);
    expect(screen.getByRole('heading', { name: words.name })).toBeInTheDocument();
    expect(screen.getByText(words.reviews)).toBeInTheDocument();
    // Intl separators around the number; the thin spaces of French are normalised for the check.
    expect(
      screen
        .getByText((_, el) => el?.classList.contains('course-card__price') === true)
        .textContent?.replace(/\s/g, ' '),
    ).toBe(words.price);
    expect(screen.getByRole('button', { name: words.add })).toBeInTheDocument();
    expect(screen.getByText(words.category)).toBeInTheDocument();
  });

  it('the 404 page, the header and the empty cart', async () => {
    await setLanguage(language);
    const { unmount } = renderWithProviders(
      <>
        <Header />
        <NotFound />
      </>,
    );
    expect(screen.getByRole('heading', { name: words.notFound })).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: words.home }),
    ).toBeInTheDocument();
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    unmount();
    renderWithProviders(<CartRoute />, { route: '/cart', path: '/cart' });
    expect(await screen.findByText(words.emptyCart)).toBeInTheDocument();
  });
});

describe('the cart in Arabic', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the line’s Arabic name, the plural of seats and the Tnd label', async () => {
    await setLanguage('ar');
    renderWithProviders(<CartRoute />, {
      route: '/cart',
      path: '/cart',
      preloadedState: {
        cart: {
          cartItems: [{ ...cartLineOf(course, 2) }],
          shippingAddress: null,
          paymentMethod: null,
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'سلّتك : 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أساسيات الرسم' })).toBeInTheDocument();
    expect(screen.getByText('المجموع الفرعي (مقعدان)')).toBeInTheDocument();
  });
});

describe('the language switch', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('offers English, Français and العربية and turns the shop to Arabic at once', async () => {
    renderWithProviders(<Header />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Français', 'العربية']);
    await userEvent.selectOptions(select, 'ar');
    expect(await screen.findByRole('link', { name: 'الرئيسية' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(localStorage.getItem('lang')).toBe('ar');
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
  });
});

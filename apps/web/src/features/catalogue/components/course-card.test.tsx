import type { Course } from '@shop/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { CourseCard } from './course-card';

const course: Course = {
  _id: 'c1',
  name: 'JavaScript from Scratch',
  price: 350,
  description: 'Learn JavaScript.',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  images: ['/images/courses/js-1.svg'],
  category: ['Programming'],
  sizes: ['M'],
  availability: 4,
  rating: 4.5,
  numReviews: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('CourseCard', () => {
  it('loads a first-row image at once (the first with high priority) and any other lazily', () => {
    const { container, unmount } = renderWithProviders(
      <CourseCard course={course} priority="high" headingLevel="h2" />,
    );
    const image = container.querySelector('img.course-card__image');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', '350');
    expect(image).toHaveAttribute('height', '263');
    expect(screen.getByRole('heading', { level: 2, name: course.name })).toBeInTheDocument();
    unmount();

    const later = renderWithProviders(<CourseCard course={course} />).container.querySelector(
      'img.course-card__image',
    );
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority');
    expect(screen.getByRole('heading', { level: 3, name: course.name })).toBeInTheDocument();
  });

  it('shows the name, price in Tnd, stars and review count', () => {
    renderWithProviders(<CourseCard course={course} />);
    expect(screen.getByRole('link', { name: course.name })).toHaveAttribute('href', '/course/c1');
    expect(screen.getByText('350.00 Tnd')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument();
  });

  it('adds quantity 1 to the cart, then shows filled and cannot be clicked again', async () => {
    const { store } = renderWithProviders(<CourseCard course={course} />);
    const add = screen.getByRole('button', { name: `Add ${course.name} to the cart` });
    await userEvent.click(add);
    expect(store.getState().cart.cartItems).toEqual([
      {
        course: 'c1',
        name: course.name,
        images: course.images,
        price: 350,
        availability: 4,
        qty: 1,
      },
    ]);
    const added = screen.getByRole('button', { name: `${course.name} is in the cart` });
    expect(added).toBeDisabled();
    expect(added).toHaveClass('course-card__add--in-cart');
  });

  it('is filled and disabled when the course is already in the cart', () => {
    renderWithProviders(<CourseCard course={course} />, {
      preloadedState: {
        cart: {
          cartItems: [
            { course: 'c1', name: course.name, images: [], price: 350, availability: 4, qty: 3 },
          ],
          shippingAddress: null,
          paymentMethod: null,
        },
      },
    });
    expect(screen.getByRole('button', { name: `${course.name} is in the cart` })).toBeDisabled();
  });

  it('cannot add a sold-out course', () => {
    const { store } = renderWithProviders(<CourseCard course={{ ...course, availability: 0 }} />);
    expect(screen.getByRole('button', { name: `${course.name} is sold out` })).toBeDisabled();
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('shows a designed stand-in instead of the broken-image icon when the picture fails to load', () => {
    const { container } = renderWithProviders(<CourseCard course={course} />);
    const image = container.querySelector('img.course-card__image')!;
    fireEvent.error(image);
    expect(container.querySelector('img.course-card__image')).toBeNull();
    const standIn = screen.getByTestId('course-image-fallback');
    expect(standIn).toHaveClass('course-card__image');
    expect(standIn).toHaveTextContent('Picture coming soon');
  });

  it('shows the stand-in for a course without pictures', () => {
    renderWithProviders(<CourseCard course={{ ...course, images: [] }} />);
    expect(screen.getByTestId('course-image-fallback')).toHaveTextContent('Picture coming soon');
  });

  it('shows SOLD OUT beside the categories, not over the picture (whose corner has its own category chip)', () => {
    const { container } = renderWithProviders(
      <CourseCard course={{ ...course, availability: 0 }} />,
    );
    const badge = screen.getByText('Sold Out');
    expect(container.querySelector('.course-card__media')).not.toContainElement(badge);
    expect(badge.parentElement).toContainElement(screen.getByText('Programming'));
  });
});

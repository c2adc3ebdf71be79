import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './slider.css';

export interface Slide {
  title: string;
  text: string;
  /** Decorative art beside the text (aria-hidden). */
  art?: ReactNode;
}

interface SliderProps {
  slides: readonly Slide[];
  /** Auto-advance period (6000 ms home, 12000 ms kids: docs/product.md#screens). */
  intervalMs: number;
  ctaLabel: string;
  ctaTo: string;
  variant?: 'home' | 'kids';
  /** The first slide's title is the page's h1 when the slider opens the page. */
  headingLevel?: 'h1' | 'h2';
}

/**
 * Carousel with next/previous arrows and dots. Auto-advance pauses while the pointer or the
 * keyboard focus is inside, so nobody has to chase a moving button (WCAG 2.2.2).
 */
export function Slider({
  slides,
  intervalMs,
  ctaLabel,
  ctaTo,
  variant = 'home',
  headingLevel = 'h2',
}: SliderProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, count, intervalMs, current]);

  const go = (index: number) => setCurrent((index + count) % count);
  const Heading = headingLevel;

  return (
    <section
      className={`slider slider--${variant}`}
      aria-roledescription="carousel"
      aria-label={t('common.slider.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div className="slider__viewport" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, index) => (
          <div
            key={slide.title}
            className={`slider__slide slider__slide--${index + 1}${index === current ? ' slider__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('common.slider.slideOf', { n: index + 1, total: count })}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            <div className="slider__content">
              <Heading className="slider__title">{slide.title}</Heading>
              <p className="slider__text">{slide.text}</p>
              <Link
                className={`button ${variant === 'kids' ? 'button--kids' : 'button--accent'}`}
                to={ctaTo}
              >
                {ctaLabel}
              </Link>
            </div>
            {slide.art && (
              <div className="slider__art" aria-hidden="true">
                {slide.art}
              </div>
            )}
          </div>
        ))}
      </div>
      <button
        type="button"
        className="slider__arrow slider__arrow--previous"
        onClick={() => go(current - 1)}
        aria-label={t('common.slider.previous')}
      >
        <ChevronLeftIcon className="icon slider__arrow-icon" />
      </button>
      <button
        type="button"
        className="slider__arrow slider__arrow--next"
        onClick={() => go(current + 1)}
        aria-label={t('common.slider.next')}
      >
        <ChevronRightIcon className="icon slider__arrow-icon" />
      </button>
      <div className="slider__dots">
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            className="slider__dot"
            aria-label={t('common.slider.goTo', { n: index + 1 })}
            aria-current={index === current}
            onClick={() => go(index)}
          />
        ))}
      </div>
    </section>
  );
}

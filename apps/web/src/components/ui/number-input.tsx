import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import './number-input.css';

export interface NumberInputProps {
  value: number;
  onChange: (value: number) => void;
  label: string;
  min?: number;
  max?: number;
  /** Base step (default 1). Shift multiplies it by 10, ctrl or meta by 0.1. */
  step?: number;
  id?: string;
  name?: string;
  disabled?: boolean;
  /** Text for the stepper buttons (screen readers). */
  increaseLabel?: string;
  decreaseLabel?: string;
}

/** Hold a stepper 300 ms, then it repeats every 50 ms. */
export const REPEAT_DELAY_MS = 300;
export const REPEAT_EVERY_MS = 50;

/** Characters a person may type: digits, e, E, +, - and the dot. */
const NOT_ALLOWED = /[^0-9eE+\-.]/g;

interface Modifiers {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

function decimalsOf(n: number): number {
  const [, fraction = ''] = String(n).split('.');
  return Math.min(fraction.length, 10);
}

export function clamp(value: number, min?: number, max?: number): number {
  let result = value;
  if (min !== undefined && result < min) result = min;
  if (max !== undefined && result > max) result = max;
  return result;
}

/** The step after keyboard modifiers: shift x10, ctrl or meta x0.1. */
export function stepFor(step: number, modifiers: Modifiers): number {
  if (modifiers.shiftKey) return step * 10;
  if (modifiers.ctrlKey || modifiers.metaKey) return Number((step * 0.1).toFixed(decimalsOf(step) + 1));
  return step;
}

/** A number field with stepper buttons, keyboard steps and hold-to-repeat (used for quantities and prices). */
export function NumberInput({
  value,
  onChange,
  label,
  min,
  max,
  step = 1,
  id,
  name,
  disabled = false,
  increaseLabel = `Increase ${label}`,
  decreaseLabel = `Decrease ${label}`,
}: NumberInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // What the person is typing; null shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  // The latest value, read by repeating timers between renders.
  const valueRef = useRef(value);
  const delayTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const repeatTimer = useRef<ReturnType<typeof setInterval> | null>(null);
  // A pointer press already stepped: the click that follows it must not step again.
  const pressed = useRef(false);

  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  const stopRepeat = () => {
    if (delayTimer.current) clearTimeout(delayTimer.current);
    if (repeatTimer.current) clearInterval(repeatTimer.current);
    delayTimer.current = null;
    repeatTimer.current = null;
  };

  useEffect(() => stopRepeat, []);

  const stepBy = (direction: 1 | -1, modifiers: Modifiers) => {
    const delta = stepFor(step, modifiers) * direction;
    const current = valueRef.current;
    const decimals = Math.max(decimalsOf(current), decimalsOf(delta));
    const next = clamp(Number((current + delta).toFixed(decimals)), min, max);
    valueRef.current = next;
    setDraft(null);
    if (next !== current) onChange(next);
    // At a bound a held stepper has nothing left to do (and a disabled button gets no pointerup).
    else stopRepeat();
  };

  const startPress = (direction: 1 | -1, event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button > 0) return;
    pressed.current = true;
    const modifiers = { shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey };
    stepBy(direction, modifiers);
    stopRepeat();
    delayTimer.current = setTimeout(() => {
      repeatTimer.current = setInterval(() => stepBy(direction, modifiers), REPEAT_EVERY_MS);
    }, REPEAT_DELAY_MS);
  };

  const clickStep = (direction: 1 | -1, event: MouseEvent<HTMLButtonElement>) => {
    // Keyboard activation (Enter, Space) only clicks; a pointer press stepped already.
    if (pressed.current) {
      pressed.current = false;
      return;
    }
    stepBy(direction, event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1, event);
    }
  };

  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    const next = clamp(draft.trim() === '' || !Number.isFinite(typed) ? valueRef.current : typed, min, max);
    setDraft(null);
    valueRef.current = next;
    if (next !== value) onChange(next);
  };

  const atMax = max !== undefined && value >= max;
  const atMin = min !== undefined && value <= min;

  return (
    <div className="number-input">
      <label htmlFor={inputId} className="number-input__label">
        {label}
      </label>
      <div className="number-input__control">
        <button
          type="button"
          className="number-input__stepper"
          disabled={disabled || atMin}
          aria-label={decreaseLabel}
          aria-controls={inputId}
          onPointerDown={(event) => startPress(-1, event)}
          onPointerUp={() => stopRepeat()}
          onPointerLeave={() => stopRepeat()}
          onPointerCancel={() => stopRepeat()}
          onClick={(event) => clickStep(-1, event)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={inputId}
          name={name}
          className="number-input__input"
          type="text"
          inputMode="decimal"
          role="spinbutton"
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          autoComplete="off"
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const filtered = event.target.value.replace(NOT_ALLOWED, '');
            setDraft(filtered);
            const typed = Number(filtered);
            if (filtered.trim() !== '' && Number.isFinite(typed)) {
              valueRef.current = typed;
              onChange(typed);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
        <button
          type="button"
          className="number-input__stepper"
          disabled={disabled || atMax}
          aria-label={increaseLabel}
          aria-controls={inputId}
          onPointerDown={(event) => startPress(1, event)}
          onPointerUp={() => stopRepeat()}
          onPointerLeave={() => stopRepeat()}
          onPointerCancel={() => stopRepeat()}
          onClick={(event) => clickStep(1, event)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}

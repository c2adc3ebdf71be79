import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, type NumberInputProps } from './number-input';

/** A parent that owns the value, like a real form. */
function Harness(props: Partial<NumberInputProps> & { initial?: number; onValue?: (v: number) => void }) {
  const { initial = 5, onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <NumberInput
      label="Seats"
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const input = () => screen.getByRole('spinbutton', { name: 'Seats' });
const plus = () => screen.getByRole('button', { name: 'Increase Seats' });
const minus = () => screen.getByRole('button', { name: 'Decrease Seats' });

describe('NumberInput', () => {
  it('steps by 1 by default with the stepper buttons and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness initial={5} />);
    await user.click(plus());
    expect(input()).toHaveValue('6');
    await user.click(minus());
    await user.click(minus());
    expect(input()).toHaveValue('4');
    input().focus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input()).toHaveValue('7');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveValue('6');
  });

  it('steps by the given step', async () => {
    const user = userEvent.setup();
    render(<Harness initial={10} step={5} />);
    await user.click(plus());
    expect(input()).toHaveValue('15');
    input().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveValue('5');
  });

  it('steps ten times further with Shift, for keys and stepper clicks', async () => {
    const user = userEvent.setup();
    render(<Harness initial={5} max={1000} />);
    input().focus();
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(input()).toHaveValue('15');
    await user.keyboard('{Shift>}');
    await user.click(plus());
    await user.keyboard('{/Shift}');
    expect(input()).toHaveValue('25');
  });

  it('steps by a tenth with ctrl or meta, without floating-point drift', async () => {
    const user = userEvent.setup();
    render(<Harness initial={1} />);
    input().focus();
    await user.keyboard('{Control>}{ArrowUp}{ArrowUp}{ArrowUp}{/Control}');
    expect(input()).toHaveValue('1.3');
    await user.keyboard('{Meta>}{ArrowDown}{/Meta}');
    expect(input()).toHaveValue('1.2');
    await user.keyboard('{Control>}');
    await user.click(plus());
    await user.keyboard('{/Control}');
    expect(input()).toHaveValue('1.3');
  });

  it('never steps past min or max', async () => {
    const user = userEvent.setup();
    render(<Harness initial={9} min={1} max={10} />);
    input().focus();
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(input()).toHaveValue('10');
    expect(plus()).toBeDisabled();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(input()).toHaveValue('1');
    expect(minus()).toBeDisabled();
  });

  it('clamps a typed value to min and max on blur', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness initial={3} min={1} max={10} onValue={onValue} />);
    await user.clear(input());
    await user.type(input(), '250');
    // While typing the value is left alone...
    expect(input()).toHaveValue('250');
    await user.tab();
    // ...and clamped when the field is left.
    expect(input()).toHaveValue('10');
    expect(onValue).toHaveBeenLastCalledWith(10);
    await user.clear(input());
    await user.type(input(), '-4');
    await user.tab();
    expect(input()).toHaveValue('1');
    expect(onValue).toHaveBeenLastCalledWith(1);
  });

  it('keeps the last valid number when the field is left blank or unparsable', async () => {
    const user = userEvent.setup();
    render(<Harness initial={3} min={1} max={10} />);
    await user.clear(input());
    await user.tab();
    expect(input()).toHaveValue('3');
    await user.clear(input());
    await user.type(input(), '7e');
    await user.tab();
    expect(input()).toHaveValue('7');
  });

  it('accepts only digits, e, E, +, - and the dot as typed characters', async () => {
    const user = userEvent.setup();
    render(<Harness initial={0} />);
    await user.clear(input());
    await user.type(input(), '1a2,b3 x.5$E+-e!');
    expect(input()).toHaveValue('123.5E+-e');
  });

  it('repeats a held stepper every 50 ms after a 300 ms delay, and stops on release', () => {
    vi.useFakeTimers();
    const onValue = vi.fn();
    render(<Harness initial={0} max={1000} onValue={onValue} />);
    fireEvent.pointerDown(plus(), { button: 0 });
    expect(input()).toHaveValue('1');
    act(() => vi.advanceTimersByTime(299));
    expect(input()).toHaveValue('1');
    act(() => vi.advanceTimersByTime(1));
    // The delay is over; the first repeat comes 50 ms later.
    act(() => vi.advanceTimersByTime(49));
    expect(input()).toHaveValue('1');
    act(() => vi.advanceTimersByTime(1));
    expect(input()).toHaveValue('2');
    act(() => vi.advanceTimersByTime(200));
    expect(input()).toHaveValue('6');
    fireEvent.pointerUp(plus());
    fireEvent.click(plus());
    act(() => vi.advanceTimersByTime(1000));
    expect(input()).toHaveValue('6');
    expect(onValue).toHaveBeenCalledTimes(6);
  });

  it('stops repeating when the pointer leaves the stepper, and holding with Shift repeats by 10', () => {
    vi.useFakeTimers();
    render(<Harness initial={100} min={0} max={1000} />);
    // jsdom has no PointerEvent: a MouseEvent of that type carries the modifier keys.
    act(() => {
      minus().dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0, shiftKey: true }));
    });
    expect(input()).toHaveValue('90');
    act(() => vi.advanceTimersByTime(350));
    expect(input()).toHaveValue('80');
    fireEvent.pointerLeave(minus());
    act(() => vi.advanceTimersByTime(500));
    expect(input()).toHaveValue('80');
  });

  it('cleans its timers up when unmounted mid-hold', () => {
    vi.useFakeTimers();
    const onValue = vi.fn();
    const { unmount } = render(<Harness initial={0} onValue={onValue} />);
    fireEvent.pointerDown(plus(), { button: 0 });
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** A finger is the main pointer (phones, tablets): hints speak of gestures, not of keys and the mouse. */
export const TOUCH_SCREEN = '(pointer: coarse)';

/** `00` … `99`, made once: the cents of a value and the hours, minutes and seconds of a record's time. */
export const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** What a form's submit handler uses of the event (React Aria's Form and the DOM's alike). */
export interface Submitted {
  preventDefault(): void;
}

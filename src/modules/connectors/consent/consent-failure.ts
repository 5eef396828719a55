/** A consent that cannot complete; the person in the browser sees `message` on a small page, nothing more. */
export class ConsentFailure extends Error {
  override readonly name = 'ConsentFailure';
}

/** The header of a table's column of row buttons: blank on screen, named for screen readers. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

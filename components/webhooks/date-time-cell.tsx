/**
 * A date-time (`YYYY-MM-DD HH:mm:ss`) in a table's cell that breaks between its date and its time, never inside either,
 * when the table needs the room.
 */
export function DateTimeCell({ text }: { text: string }) {
  const [day, time] = text.split(" ");
  return (
    <span className="whitespace-normal tabular-nums">
      <span className="whitespace-nowrap">{day}</span>
      {time && (
        <>
          {" "}
          <span className="whitespace-nowrap">{time}</span>
        </>
      )}
    </span>
  );
}

import type { VenueEvent } from "@/lib/client/queries/events";
import { formatEventWhen, type VenueTime } from "@/lib/shared/time-format";
import { eventPlace } from "./event-time";
import styles from "./events.module.css";

/** One event: what, when on the venue's clock (with the zone), where, and its actions (none without `onEdit`). */
export function EventCard({
  event,
  venue,
  now,
  onEdit,
  onDelete,
}: {
  event: VenueEvent;
  venue: VenueTime;
  now: Date;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const place = eventPlace(event);
  return (
    <article className={`card ${styles.event}`} aria-labelledby={`event-${event.id}-name`}>
      <div className={styles.eventMain}>
        <h3 id={`event-${event.id}-name`} className={styles.eventName}>
          {event.name}
          {event.from_facebook && <span className="badge">From Facebook</span>}
        </h3>
        <p className={styles.when}>
          <time dateTime={event.start_time}>{formatEventWhen(event, venue, now)}</time>{" "}
          <span className={styles.zoneName}>({venue.zone})</span>
        </p>
        {event.description && <p className={styles.description}>{event.description}</p>}
        {(place || event.link) && (
          <p className={styles.meta}>
            {place && <span>{place}</span>}
            {event.link && (
              <a href={event.link} target="_blank" rel="noopener noreferrer">
                Event page<span className="visually-hidden"> for {event.name} (opens in a new tab)</span>
              </a>
            )}
          </p>
        )}
      </div>
      {onEdit && onDelete && (
        <div className={styles.eventActions}>
          <button type="button" className="btn btn--small" onClick={onEdit} aria-label={`Edit ${event.name}`}>
            Edit
          </button>
          <button type="button" className="btn btn--small btn--ghost" onClick={onDelete} aria-label={`Delete ${event.name}`}>
            Delete
          </button>
        </div>
      )}
    </article>
  );
}

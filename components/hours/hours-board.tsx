"use client";

import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@/components/shell/page-header";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { hourQueries } from "@/lib/client/queries/hours";
import { HoursEditor } from "./hours-editor";
import { HoursWeek } from "./hours-week";
import { OpenNowCard } from "./open-now-card";
import { SpecialHours } from "./special-hours";
import type { LocationResponse } from "@/lib/locations/schemas";
import type { Clock } from "@/lib/shared/time-format";

type Venue = Pick<LocationResponse, "id" | "name" | "time_zone"> & { clock: Clock };

/**
 * The hours page: whether the venue is open now (on its own clock, special dates included), the weekly
 * editor and the special dates (or, without `canEdit`, both to read).
 */
export function HoursBoard({ location, canEdit }: { location: Venue; canEdit: boolean }) {
  const query = useQuery(hourQueries.list(location.id));
  const special = useQuery(hourQueries.special(location.id));
  return (
    <>
      <PageHeader title="Hours" subtitle={`${location.name} · times in ${location.time_zone}`} />
      {!(query.isError && !query.data) && (
        <OpenNowCard hours={query.data} special={special.data} zone={location.time_zone} clock={location.clock} />
      )}
      {query.data ? (
        canEdit ? (
          <HoursEditor locationId={location.id} hours={query.data} clock={location.clock} />
        ) : (
          <HoursWeek hours={query.data} clock={location.clock} />
        )
      ) : query.isError ? (
        <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton lines={7} height="3.6rem" label="Loading hours" />
      )}
      <SpecialHours locationId={location.id} zone={location.time_zone} clock={location.clock} canEdit={canEdit} />
    </>
  );
}

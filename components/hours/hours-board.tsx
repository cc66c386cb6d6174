"use client";

import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@/components/shell/page-header";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { hourQueries } from "@/lib/client/queries/hours";
import { HoursEditor } from "./hours-editor";
import { HoursWeek } from "./hours-week";
import { OpenNowCard } from "./open-now-card";
import type { LocationResponse } from "@/lib/locations/schemas";

type Venue = Pick<LocationResponse, "id" | "name" | "time_zone">;

/** The hours page: whether the venue is open now (on its own clock) and the weekly editor (or, without `canEdit`, the week to read). */
export function HoursBoard({ location, canEdit }: { location: Venue; canEdit: boolean }) {
  const query = useQuery(hourQueries.list(location.id));
  return (
    <>
      <PageHeader title="Hours" subtitle={`${location.name} · times in ${location.time_zone}`} />
      {!(query.isError && !query.data) && <OpenNowCard hours={query.data} zone={location.time_zone} />}
      {query.data ? (
        canEdit ? (
          <HoursEditor locationId={location.id} hours={query.data} />
        ) : (
          <HoursWeek hours={query.data} />
        )
      ) : query.isError ? (
        <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton lines={7} height="3.6rem" label="Loading hours" />
      )}
    </>
  );
}

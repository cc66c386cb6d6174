"use client";

import { useQuery } from "@tanstack/react-query";
import type { ContainerSize } from "@/lib/client/queries/menus";
import { locationQueries } from "@/lib/client/queries/locations";
import { sizeLabel, sizesCountry, sizesForCountry } from "@/lib/shared/size-defaults";

/** The country whose sizes the location pours (its own, else its zone's); null when none says (or its details cannot be read), undefined while they load. */
export function useLocationCountry(locationId: number): string | null | undefined {
  const location = useQuery(locationQueries.detail(locationId));
  if (location.isPending) return undefined;
  return location.data ? sizesCountry({ country: location.data.country, timeZone: location.data.time_zone }) : null;
}

const regionNames = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;

/**
 * A size picker's options at a location (decision 088): its country's own sizes first, then the others,
 * each by volume and named with its volume in its own unit ("568 ml Pint", "Half Pint · 8 oz").
 */
export function SizeOptions({ sizes, country }: { sizes: ContainerSize[]; country: string | null }) {
  const { own, other } = sizesForCountry(sizes, country);
  const options = (list: ContainerSize[]) =>
    list.map((size) => (
      <option key={size.id} value={size.id}>
        {sizeLabel(size)}
      </option>
    ));
  if (own.length === 0) return <>{options(other)}</>;
  const place = (country && regionNames?.of(country.toUpperCase())) ?? country;
  return (
    <>
      <optgroup label={`${place} sizes`}>{options(own)}</optgroup>
      <optgroup label="Other sizes">{options(other)}</optgroup>
    </>
  );
}

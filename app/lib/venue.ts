/** The venue on one line, as calendar files show it: "Hall, 1200 Fellowship Avenue, Dallas, TX 75201". */
export function venueText({
  name,
  address,
}: {
  name: string;
  address: { street: string; city: string; region: string; postalCode: string };
}): string {
  return `${name}, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

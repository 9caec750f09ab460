// The geocoding domain as other domains see it: turning an address into a place.
export { geocode, usableAddress, type GeocoderOptions, type Place } from "./geocoder.js";

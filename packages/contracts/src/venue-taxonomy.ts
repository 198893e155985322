// The OpenOOH venue taxonomy v1.2: what kind of place a location's screens stand in.
//
// Source: https://github.com/openooh/venue-taxonomy, file `specification-1.2.json` (version "1.2",
// status "accepted", commit 826bd0834017aa88cde1e6619f28aacdf1100c3f), by the OpenOOH Working Group,
// licensed under the Apache License 2.0. Ids, names and string values are copied exactly as the file
// has them, oddities included (double spaces in some names, the trailing dot of 40101's value, 81201
// sharing 81101's value, parents in plural and their children in singular), because buyers match on
// these values; the descriptions are left out. `deprecated` marks the entries whose name or description
// in the file says they are deprecated.
export type VenueCategory = {
  /** The taxonomy's `enumeration_id`: a child's id is its parent's id followed by two digits. */
  id: number;
  name: string;
  /** The taxonomy's `string_value`, which OpenRTB's DOOH `venuetype` carries. */
  value: string;
  deprecated?: true;
  children?: VenueCategory[];
};

export const VENUE_TAXONOMY_VERSION = '1.2';
export const venueTaxonomy: VenueCategory[] = [
  {
    id: 1,
    name: 'Transit',
    value: 'transit',
    children: [
      {
        id: 101,
        name: 'Airport',
        value: 'transit.airports',
        children: [
          { id: 10101, name: 'Arrival Hall', value: 'transit.airport.arrivals_hall' },
          { id: 10102, name: 'Baggage Claim', value: 'transit.airport.baggage_claim' },
          { id: 10103, name: 'Departures Hall', value: 'transit.airport.departures_hall' },
          { id: 10104, name: 'Food Court', value: 'transit.airport.food_court' },
          { id: 10105, name: 'Gates', value: 'transit.airport.gates' },
          { id: 10106, name: 'Lounges', value: 'transit.airport.lounges' },
          { id: 10107, name: 'Shopping Area', value: 'transit.airport.shopping_area' },
          { id: 10108, name: 'Bar', value: 'transit.airport.bar' },
        ],
      },
      {
        id: 102,
        name: 'Bus',
        value: 'transit.buses',
        children: [
          { id: 10201, name: 'Bus Interior', value: 'transit.bus.bus_interior' },
          { id: 10202, name: 'Terminal', value: 'transit.bus.terminal' },
          { id: 10203, name: 'Bus (Outside)', value: 'transit.bus.bus_exterior' },
        ],
      },
      { id: 103, name: 'Taxi & Rideshare TV', value: 'transit.taxi_rideshare_tv' },
      // "(DEPRECATED) - See Outdoor Category (ID - 307)"
      { id: 104, name: 'Taxi & Rideshare Top', value: 'transit.taxi_rideshare_top', deprecated: true },
      {
        id: 105,
        name: 'Subway',
        value: 'transit.subway',
        children: [
          { id: 10501, name: 'Subway Train Interior', value: 'transit.subway.interior' },
          { id: 10502, name: 'Subway Platform', value: 'transit.subway.platform' },
          { id: 10503, name: 'Subway Station', value: 'transit.subway.station' },
          { id: 10504, name: 'Subway Train Exterior', value: 'transit.subway.exterior' },
        ],
      },
      {
        id: 106,
        name: 'Train',
        value: 'transit.train',
        children: [
          { id: 10601, name: 'Train Interior', value: 'transit.train.train_interior' },
          { id: 10602, name: 'Platform', value: 'transit.train.platform' },
          { id: 10603, name: 'Train Exterior', value: 'transit.train.train_exterior' },
          { id: 10604, name: 'Station', value: 'transit.train.station' },
        ],
      },
      {
        id: 107,
        name: 'Ferry',
        value: 'transit.ferry',
        children: [
          { id: 10701, name: 'Ferry Interior', value: 'transit.ferry.interior' },
          { id: 10702, name: 'Ferry Exterior', value: 'transit.ferry.exterior' },
          { id: 10703, name: 'Ferry Terminal', value: 'transit.ferry.terminal' },
        ],
      },
      {
        id: 108,
        name: 'Tram',
        value: 'transit.tram',
        children: [
          { id: 10801, name: 'Tram Interior', value: 'transit.tram.interior' },
          { id: 10802, name: 'Tram Exterior', value: 'transit.tram.exterior' },
          { id: 10803, name: 'Tram Station', value: 'transit.tram.terminal' },
        ],
      },
      {
        id: 109,
        name: 'Highway Rest Area',
        value: 'transit.highway_rest_area',
        children: [
          { id: 10901, name: 'Exterior', value: 'transit.highway_rest_area.exterior' },
          { id: 10902, name: 'Concourse', value: 'transit.highway_rest_area.concourse' },
          { id: 10903, name: 'Food Court', value: 'transit.highway_rest_area.food_court' },
          { id: 10904, name: 'Restroom', value: 'transit.highway_rest_area.restroom' },
        ],
      },
    ],
  },
  {
    id: 2,
    name: 'Retail',
    value: 'retail',
    children: [
      {
        id: 201,
        name: 'Fueling Station',
        value: 'retail.gas_stations',
        children: [
          { id: 20101, name: 'Fuel Dispenser', value: 'retail.gas_station.pump' },
          { id: 20102, name: 'Shop', value: 'retail.gas_station.shop' },
        ],
      },
      {
        id: 202,
        name: 'Convenience Store',
        value: 'retail.convenience_store',
        children: [
          { id: 20201, name: 'Entrance', value: 'retail.convenience_store.entrance' },
          { id: 20202, name: 'Check Out', value: 'retail.convenience_store.check_out' },
          { id: 20203, name: 'Aisles', value: 'retail.convenience_store.aisles' },
          { id: 20204, name: 'Exterior', value: 'retail.convenience_store.exterior' },
        ],
      },
      {
        id: 203,
        name: 'Grocery',
        value: 'retail.grocery',
        children: [
          { id: 20301, name: 'Entrance', value: 'retail.grocery.entrance' },
          { id: 20302, name: 'Check Out', value: 'retail.grocery.check_out' },
          { id: 20303, name: 'Aisles', value: 'retail.grocery.aisles' },
          { id: 20304, name: 'Exterior', value: 'retail.grocery.exterior' },
        ],
      },
      {
        id: 204,
        name: 'Liquor Store',
        value: 'retail.liquor_stores',
        children: [
          { id: 20401, name: 'Entrance', value: 'retail.liquor_store.entrance' },
          { id: 20402, name: 'Check Out', value: 'retail.liquor_store.check_out' },
          { id: 20403, name: 'Aisles', value: 'retail.liquor_store.aisles' },
          { id: 20404, name: 'Exterior', value: 'retail.liquor_store.exterior' },
        ],
      },
      {
        id: 205,
        name: 'Mall',
        value: 'retail.mall',
        children: [
          { id: 20501, name: 'Concourse', value: 'retail.mall.concourse' },
          { id: 20502, name: 'Food Court', value: 'retail.mall.food_court' },
          { id: 20503, name: 'Spectacular', value: 'retail.mall.spectacular' },
        ],
      },
      { id: 206, name: 'Cannabis Dispensary', value: 'retail.dispensaries' },
      {
        id: 207,
        name: 'Pharmacy',
        value: 'retail.pharmacies',
        children: [
          { id: 20701, name: 'Entrance', value: 'retail.pharmacy.entrance' },
          { id: 20702, name: 'Check Out', value: 'retail.pharmacy.check_out' },
          { id: 20703, name: 'Aisles', value: 'retail.pharmacy.aisles' },
          { id: 20704, name: 'Exterior', value: 'retail.pharmacy.exterior' },
        ],
      },
      { id: 208, name: 'Parking Garage', value: 'retail.parking_garages' },
      { id: 209, name: 'Furniture', value: 'retail.furniture' },
      {
        id: 210,
        name: 'Apparel',
        value: 'retail.apparel',
        children: [
          { id: 21001, name: 'Entrance', value: 'retail.apparel.entrance' },
          { id: 21002, name: 'Check Out', value: 'retail.apparel.check_out' },
          { id: 21003, name: 'Aisles', value: 'retail.apparel.aisles' },
          { id: 21004, name: 'Exterior', value: 'retail.apparel.exterior' },
        ],
      },
      { id: 211, name: 'Automotive', value: 'retail.automotive' },
      { id: 212, name: 'Laundromat', value: 'retail.laundromat' },
      {
        id: 213,
        name: 'Vape Shop',
        value: 'retail.vape_shop',
        children: [
          { id: 21301, name: 'Entrance', value: 'retail.vape_shop.entrance' },
          { id: 21302, name: 'Check Out', value: 'retail.vape_shop.check_out' },
          { id: 21303, name: 'Aisles', value: 'retail.vape_shop.aisles' },
          { id: 21304, name: 'Exterior', value: 'retail.vape_shop.exterior' },
        ],
      },
      {
        id: 214,
        name: 'Mass Merchandising',
        value: 'retail.mass_merchandising',
        children: [
          { id: 21401, name: 'Entrance', value: 'retail.mass_merchandising.entrance' },
          { id: 21402, name: 'Check Out', value: 'retail.mass_merchandising.check_out' },
          { id: 21403, name: 'Aisles', value: 'retail.mass_merchandising.aisles' },
          { id: 21404, name: 'Exterior', value: 'retail.mass_merchandising.exterior' },
        ],
      },
      {
        id: 215,
        name: 'Consumer Electronic',
        value: 'retail.consumer_electronics',
        children: [
          { id: 21501, name: 'Entrance', value: 'retail.consumer_electronic.entrance' },
          { id: 21502, name: 'Check Out', value: 'retail.consumer_electronic.check_out' },
          { id: 21503, name: 'Aisles', value: 'retail.consumer_electronic.aisles' },
          { id: 21504, name: 'Exterior', value: 'retail.consumer_electronic.exterior' },
        ],
      },
      { id: 216, name: 'Retail Other', value: 'retail.other' },
      {
        id: 217,
        name: 'Sporting Good',
        value: 'retail.sporting_goods',
        children: [
          { id: 21701, name: 'Entrance', value: 'retail.sporting_good.entrance' },
          { id: 21702, name: 'Check Out', value: 'retail.sporting_good.check_out' },
          { id: 21703, name: 'Aisles', value: 'retail.sporting_good.aisles' },
          { id: 21704, name: 'Exterior', value: 'retail.sporting_good.exterior' },
        ],
      },
      {
        id: 218,
        name: 'Pet Store',
        value: 'retail.pet_stores',
        children: [
          { id: 21801, name: 'Entrance', value: 'retail.pet_store.entrance' },
          { id: 21802, name: 'Check Out', value: 'retail.pet_store.check_out' },
          { id: 21803, name: 'Aisles', value: 'retail.pet_store.aisles' },
          // Plural here, singular in its siblings: as in the file.
          { id: 21804, name: 'Exterior', value: 'retail.pet_stores.exterior' },
        ],
      },
      {
        id: 219,
        name: 'Office Supply',
        value: 'retail.office_supply',
        children: [
          { id: 21901, name: 'Entrance', value: 'retail.office_supply.entrance' },
          { id: 21902, name: 'Check Out', value: 'retail.office_supply.check_out' },
          { id: 21903, name: 'Aisles', value: 'retail.office_supply.aisles' },
          { id: 21904, name: 'Exterior', value: 'retail.office_supply.exterior' },
        ],
      },
      {
        id: 220,
        name: 'Home Renovation',
        value: 'retail.home_renovation',
        children: [
          { id: 22001, name: 'Entrance', value: 'retail.home_renovation.entrance' },
          { id: 22002, name: 'Check Out', value: 'retail.home_renovation.check_out' },
          { id: 22003, name: 'Aisles', value: 'retail.home_renovation.aisles' },
          { id: 22004, name: 'Exterior', value: 'retail.home_renovation.exterior' },
        ],
      },
    ],
  },
  {
    id: 3,
    name: 'Outdoor',
    value: 'outdoor',
    children: [
      {
        id: 301,
        name: 'Billboard',
        value: 'outdoor.billboard',
        children: [
          { id: 30101, name: 'Roadside  (Deprecated)', value: 'outdoor.billboards.roadside', deprecated: true },
          { id: 30102, name: 'Highway  (Deprecated)', value: 'outdoor.billboards.highway', deprecated: true },
          // "(DEPRECATE - see child category 304)"
          { id: 30103, name: 'Spectacular (Deprecated)', value: 'outdoor.billboards.spectacular', deprecated: true },
        ],
      },
      { id: 302, name: 'Urban Panel', value: 'outdoor.urban_panel' },
      { id: 303, name: 'Bus Shelter', value: 'outdoor.bus_shelter' },
      { id: 304, name: 'Spectacular', value: 'outdoor.spectacular' },
      { id: 305, name: 'Window Panel', value: 'outdoor.window_panel' },
      { id: 306, name: 'Moving Billboard', value: 'outdoor.moving_billboard' },
      { id: 307, name: 'Car Top', value: 'outdoor.car_top' },
      {
        id: 308,
        name: 'Aerial',
        value: 'outdoor.aerial',
        children: [
          { id: 30801, name: 'Aerial Banner', value: 'outdoor.aerial.banner' },
          { id: 30802, name: 'Aerial Drone', value: 'outdoor.aerial.drone' },
        ],
      },
      { id: 309, name: 'EV Charging Station', value: 'outdoor.ev_charging_station' },
    ],
  },
  {
    id: 4,
    name: 'Health & Beauty',
    value: 'health_beauty',
    children: [
      {
        id: 401,
        name: 'Gym',
        value: 'health_beauty.gym',
        children: [
          { id: 40101, name: 'Lobby', value: 'health_beauty.gym.lobby.' },
          { id: 40102, name: 'Fitness Equipment', value: 'health_beauty.gym.equipment' },
        ],
      },
      {
        id: 402,
        name: 'Salon',
        value: 'health_beauty.salon',
        children: [
          { id: 40201, name: 'Unisex Salon', value: 'health_beauty.salon.unisex' },
          { id: 40202, name: "Men's Salon", value: 'health_beauty.salon.mens' },
          { id: 40203, name: "Women's Salon", value: 'health_beauty.salon.womens' },
          { id: 40204, name: 'Nail', value: 'health_beauty.salon.nail' },
          { id: 40205, name: 'Tanning', value: 'health_beauty.salon.tanning' },
        ],
      },
      { id: 403, name: 'Spa', value: 'health_beauty.spa' },
      { id: 404, name: 'Tattoo', value: 'health_beauty.tattoo' },
    ],
  },
  {
    id: 5,
    name: 'Point of Care',
    value: 'point_care',
    children: [
      { id: 501, name: 'Doctor’s Office', value: 'point_care.doctor_office' },
      { id: 502, name: 'Veterinary Office', value: 'point_care.veterinary_office' },
      { id: 503, name: 'Dentist Office', value: 'point_care.dentist_office' },
      { id: 504, name: 'Hospital', value: 'point_care.hospital' },
      { id: 505, name: 'Urgent Care', value: 'point_care.urgent_care' },
      { id: 506, name: 'Physiotherapy', value: 'point_care.physiotherapy' },
    ],
  },
  {
    id: 6,
    name: 'Education',
    value: 'education',
    children: [
      { id: 601, name: 'School', value: 'education.schools' },
      {
        id: 602,
        name: 'College  and University',
        value: 'education.college',
        children: [
          { id: 60201, name: 'Residence', value: 'education.college.residence' },
          { id: 60202, name: 'Common Area', value: 'education.college.common' },
          { id: 60203, name: 'Athletic Facility', value: 'education.college.athletic_facility' },
          { id: 60204, name: 'Dining', value: 'education.college.dining' },
        ],
      },
    ],
  },
  {
    id: 7,
    name: 'Office Building',
    value: 'office_building',
    children: [
      {
        id: 701,
        name: 'Office Building',
        value: 'office_building.office_building',
        children: [
          { id: 70101, name: 'Elevator', value: 'office_building.office_building.elevator' },
          { id: 70102, name: 'Lobby', value: 'office_building.office_building.lobby' },
          { id: 70103, name: 'Gym', value: 'office_building.office_building.gym' },
          { id: 70104, name: 'Break Room', value: 'office_building.office_building.break_room' },
        ],
      },
      { id: 702, name: 'Warehouse', value: 'office_building.warehouse' },
    ],
  },
  {
    id: 8,
    name: 'Entertainment',
    value: 'entertainment',
    children: [
      {
        id: 801,
        name: 'Recreational Location',
        value: 'entertainment.recreational',
        children: [
          { id: 80101, name: 'Theme Park', value: 'entertainment.recreational.theme_park' },
          { id: 80102, name: 'Museums and Gallery', value: 'entertainment.recreational.museums_gallery' },
          { id: 80103, name: 'Concert Venue', value: 'entertainment.recreational.concert_venue' },
          { id: 80104, name: 'Bowling Alley', value: 'entertainment.recreational.bowling' },
          { id: 80105, name: 'Restroom', value: 'entertainment.recreational.restroom' },
        ],
      },
      {
        id: 802,
        name: 'Movie Theater',
        value: 'entertainment.movie_theater',
        children: [
          { id: 80201, name: 'Lobby', value: 'entertainment.movie_theater.lobby' },
          { id: 80202, name: 'Food Court', value: 'entertainment.movie_theater.food_court' },
          { id: 80203, name: 'On Screen', value: 'entertainment.movie_theater.on_screen' },
          { id: 80204, name: 'Restroom', value: 'entertainment.movie_theater.restroom' },
        ],
      },
      {
        id: 803,
        name: 'Sports Entertainment',
        value: 'entertainment.sports',
        children: [
          { id: 80301, name: 'Sport Arena', value: 'entertainment.sports.arena' },
          { id: 80302, name: 'Club House', value: 'entertainment.sports.club_house' },
          { id: 80303, name: 'Restroom', value: 'entertainment.sports.restroom' },
        ],
      },
      {
        id: 804,
        name: 'Bar',
        value: 'entertainment.bars',
        children: [{ id: 80401, name: 'Restroom', value: 'entertainment.bar.restroom' }],
      },
      {
        id: 805,
        name: 'Casual Dining',
        value: 'entertainment.casual_dining',
        children: [{ id: 80501, name: 'Restroom', value: 'entertainment.casual_dining.restroom' }],
      },
      {
        id: 806,
        name: 'QSR',
        value: 'entertainment.qsr',
        children: [{ id: 80601, name: 'Restroom', value: 'entertainment.qsr.restroom' }],
      },
      {
        id: 807,
        name: 'Hotel',
        value: 'entertainment.hotels',
        children: [
          { id: 80701, name: 'Lobby', value: 'entertainment.hotel.lobby' },
          { id: 80702, name: 'Elevator', value: 'entertainment.hotel.elevator' },
          { id: 80703, name: 'Room', value: 'entertainment.hotel.room' },
          { id: 80704, name: 'Bar', value: 'entertainment.hotel.bar' },
          { id: 80705, name: 'Gym', value: 'entertainment.hotel.gym' },
          { id: 80706, name: 'Restroom', value: 'entertainment.hotels.restroom' },
        ],
      },
      { id: 808, name: 'Golf Cart', value: 'entertainment.golf_cart' },
      {
        id: 809,
        name: 'Night Club',
        value: 'entertainment.night_club',
        children: [{ id: 80901, name: 'Restroom', value: 'entertainment.night_club.restroom' }],
      },
      // "(Deprecate) A restaurant that serves expensive food. …"
      { id: 810, name: 'High-End Dining', value: 'entertainment.high_end_dining', deprecated: true },
      {
        id: 811,
        name: 'Casinos',
        value: 'entertainment.casino',
        children: [{ id: 81101, name: 'Restroom', value: 'entertainment.casino.restroom' }],
      },
      {
        id: 812,
        name: 'Convention Center',
        value: 'entertainment.convention_center',
        // The file gives this the same value as the casino's restroom (81101).
        children: [{ id: 81201, name: 'Restroom', value: 'entertainment.casino.restroom' }],
      },
    ],
  },
  {
    id: 9,
    name: 'Government',
    value: 'government',
    children: [
      { id: 901, name: 'DMV', value: 'government.dmv' },
      { id: 902, name: 'Military Base', value: 'government.military_bases' },
      { id: 903, name: 'Post Office', value: 'government.postal' },
      { id: 904, name: 'First Responder Facility', value: 'government.first_responder_facility' },
    ],
  },
  {
    id: 10,
    name: 'Financial',
    value: 'financial',
    children: [{ id: 1001, name: 'Bank', value: 'financial.bank' }],
  },
  {
    id: 11,
    name: 'Residential',
    value: 'residential',
    children: [
      {
        id: 1101,
        name: 'Apartment Building  and Condominium',
        value: 'residential.apartment',
        children: [
          { id: 110101, name: 'Lobby', value: 'residential.apartment_building.lobby' },
          { id: 110102, name: 'Elevator', value: 'residential.apartment_building.elevator' },
          { id: 110103, name: 'Gym', value: 'residential.apartment_building.gym' },
        ],
      },
    ],
  },
];

"""The developer tools beside the product: benches, the load fleet, the engines' compiled build."""
